// The ground for beaweb's map: the terrain packet, the top block of each
// column in the three-by-three chunks around her and its height (for the
// dashboard's 3D view), sent when it changes and
// to each new connection (docs/protocol.md, "Terrain"). It reads only
// mineflayer's own view of the world; a column in a chunk the server has
// not sent is unknown.

import { feet } from './game.js';
import { cellReader } from './perception.js';

export const TERRAIN_SIDE = 48;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const UNKNOWN = '.';
const HEIGHT_BASE = 2048; // added to a height before it is written as two characters
const LOOK_UP = 24; // where a column's scan starts above her feet
const LOOK_DOWN = 64; // how far below her feet it gives up
const CLIMB = 64; // how far above the start it climbs out of a hill or a roof

/**
 * topOf is the highest block of the column at (x, z) that is not air, as
 * {name, y}, or null when not known. It reads cells through read (perception.js's
 * cellReader): building a Block for each cell made the square take 100 to
 * 290 ms of the event loop on flying-squid's hills.
 */
export function topOf(bot, x, z, y0, read = cellReader(bot)) {
  const cell = read.column(x, z);
  if (!cell) return null;
  let y = y0 + LOOK_UP;
  let c = cell(y);
  if (!c) return null;
  // Inside a hill or under a roof: climb to the first air, then look down.
  for (let up = 0; !c.air && up < CLIMB; up++) {
    y++;
    c = cell(y);
    if (!c) return null;
  }
  for (y--; y >= y0 - LOOK_DOWN; y--) {
    c = cell(y);
    if (!c) return null;
    if (!c.air) return { name: c.name, y };
  }
  return null;
}

/** heightChars writes a height as its two characters of the packet's heights. */
export function heightChars(y) {
  const v = Math.min(Math.max(y + HEIGHT_BASE, 0), 64 * 64 - 1);
  return ALPHABET[Math.floor(v / 64)] + ALPHABET[v % 64];
}

/** terrainPacket is the square around her: 48 columns a side, its corner on a chunk's, with each top's height. */
export function terrainPacket(bot, dimension) {
  const f = feet(bot);
  const x0 = Math.floor(f.x / 16) * 16 - 16;
  const z0 = Math.floor(f.z / 16) * 16 - 16;
  const palette = [];
  const index = new Map();
  let tops = '';
  let heights = '';
  const read = cellReader(bot);
  for (let z = z0; z < z0 + TERRAIN_SIDE; z++) {
    for (let x = x0; x < x0 + TERRAIN_SIDE; x++) {
      const top = topOf(bot, x, z, f.y, read);
      let i = top === null ? undefined : index.get(top.name);
      if (top !== null && i === undefined && palette.length < ALPHABET.length) {
        i = palette.length;
        index.set(top.name, i);
        palette.push(top.name);
      }
      if (i === undefined) {
        tops += UNKNOWN;
        heights += UNKNOWN + UNKNOWN;
        continue;
      }
      tops += ALPHABET[i];
      heights += heightChars(top.y);
    }
  }
  return { type: 'terrain', dimension, x: x0, z: z0, size: TERRAIN_SIDE, palette, tops, heights };
}

/**
 * terrainSender answers a function for the survey's timer: it broadcasts
 * the square when it differs from the last one sent, or when a client has
 * come since, who has no ground yet.
 */
export function terrainSender(bot, link, dimension) {
  let last = '';
  const seen = new WeakSet();
  return () => {
    const p = terrainPacket(bot, dimension());
    const key = `${p.dimension} ${p.x} ${p.z} ${p.palette.join(',')} ${p.tops} ${p.heights}`;
    let newcomer = false;
    for (const c of link.clients) if (!seen.has(c)) { seen.add(c); newcomer = true; }
    if (key === last && !newcomer) return;
    last = key;
    link.broadcast(p);
  };
}
