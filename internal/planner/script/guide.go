package script

// Guide is how to write a build script, addressed to the model, for the
// description of the tool that takes one. Its numbers are the package's
// limits; a test keeps them in step.
const Guide = `A build script is a few lines of Starlark, a small Python, that only draws. Coordinates are whole numbers relative to the build's origin, y up; the build has at most 2000 cells and spans at most 256 blocks along any axis. Drawing a cell again overwrites it.
- set(x, y, z, block): one cell.
- fill(x1, y1, z1, x2, y2, z2, block, hollow=False): the box between two corners, both included; hollow=True draws only its shell and makes the inside air.
- walls(x1, y1, z1, x2, y2, z2, block): the four upright sides of that box; its floor, ceiling and inside stay as they are.
- line(x1, y1, z1, x2, y2, z2, block): a straight line, both ends included.
- circle(cx, y, cz, r, block, filled=False): a level ring of radius r around (cx, y, cz); filled=True draws the whole disc.
- get(x, y, z): the block your script has drawn at that cell so far, or None; a script does not see the world.
- note(text): a line for the preview (print does the same); at most 20 notes of 200 characters.
A block is a vanilla id such as "oak_planks", with states in brackets such as "oak_stairs[facing=east,half=top]"; "air" means the cell must be empty. You have for, if, def, lists, dicts, range, len, min, max, abs, int and str; no while, no recursion, no load, no files, no names starting with _, and no methods but append, extend, insert, pop, index, get, items, keys, values, format, join, split, startswith and endswith. A script runs for at most 3 seconds, 10000000 steps and 512 MB.`
