"""The interface: app loop, scenes and the table toolkit (pygame-ce and pymunk live only here
and in each game's table.py)."""
