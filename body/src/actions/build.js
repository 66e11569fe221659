// build: the same arguments the brain costs (origin, layers, palette, ops,
// rotation, clear), expanded here into cells, then the cells meant to be air
// emptied top-down and the rest placed bottom-up.

import { FAILURE, FAILURE_PROTECTED, fail, ok, throwIfAborted } from '../answer.js';
import { FACES, Vec3, describeItems, isAir, passable } from '../game.js';
import { digAt, placeAt } from './blocks.js';
import { mismatch, parseBlock, placedAs, plan, rotateProps, stateText } from './states.js';

const MAX_CELLS = 2000;
const MAX_SPAN = 256;

function pos(v, where) {
  if (Array.isArray(v) && v.length === 3 && v.every(Number.isInteger)) return { x: v[0], y: v[1], z: v[2] };
  if (v && typeof v === 'object' && [v.x, v.y, v.z].every(Number.isInteger)) return { x: v.x, y: v.y, z: v.z };
  throw new Error(`${where} must be whole coordinates, as {"x":…,"y":…,"z":…} or [x, y, z]`);
}

function rotate(p, r) {
  switch (r) {
    case 90: return { x: -p.z, y: p.y, z: p.x };
    case 180: return { x: -p.x, y: p.y, z: -p.z };
    case 270: return { x: p.z, y: p.y, z: -p.x };
    default: return p;
  }
}

/**
 * expand turns the arguments into absolute cells, refusing malformed ones
 * with one sentence.
 * @returns {{cells: {x:number,y:number,z:number,block:string}[]}}
 */
export function expand(args) {
  const origin = pos(args.origin, 'origin');
  const palette = args.palette ?? {};
  if (typeof palette !== 'object' || Array.isArray(palette)) throw new Error('palette must be an object of one character to a block name');
  const rotation = args.rotation ?? 0;
  if (![0, 90, 180, 270].includes(rotation)) throw new Error('rotation must be 0, 90, 180 or 270');
  const rel = new Map();
  const set = (x, y, z, block) => {
    if (typeof block !== 'string') throw new Error(`the palette and ops name blocks as strings, such as oak_stairs[facing=east]; got ${JSON.stringify(block)}`);
    const { name, props } = parseBlock(block.toLowerCase());
    rel.set(`${x},${y},${z}`, { x, y, z, block: name, props: rotateProps(props, rotation) });
    if (rel.size > MAX_CELLS) throw new Error(`the build has more than ${MAX_CELLS} cells; split it into smaller builds`);
  };
  const layers = args.layers ?? [];
  if (!Array.isArray(layers)) throw new Error('layers must be a list of layers, each a list of rows');
  layers.forEach((layer, y) => {
    if (!Array.isArray(layer)) throw new Error(`layer ${y} must be a list of rows`);
    layer.forEach((row, z) => {
      if (typeof row !== 'string') throw new Error(`row ${z} of layer ${y} must be a string`);
      [...row].forEach((ch, x) => {
        if (ch === ' ') return;
        if (!Object.hasOwn(palette, ch)) throw new Error(`the character "${ch}" in layer ${y}, row ${z} is not in the palette`);
        set(x, y, z, palette[ch]);
      });
    });
  });
  for (const [i, op] of (args.ops ?? []).entries()) {
    if (!op || typeof op.block !== 'string') throw new Error(`op ${i} needs a block`);
    if (op.op === 'set') {
      const at = pos(op.at, `op ${i}'s at`);
      set(at.x, at.y, at.z, op.block);
      continue;
    }
    if (!['fill', 'walls', 'roof'].includes(op.op)) throw new Error(`op ${i} is "${op.op}"; an op is fill, walls, set or roof`);
    const f = pos(op.from, `op ${i}'s from`), t = pos(op.to, `op ${i}'s to`);
    const lo = { x: Math.min(f.x, t.x), y: Math.min(f.y, t.y), z: Math.min(f.z, t.z) };
    const hi = { x: Math.max(f.x, t.x), y: Math.max(f.y, t.y), z: Math.max(f.z, t.z) };
    let top = hi.y;
    if (op.op === 'roof') top = lo.y + Math.min(hi.y - lo.y + 1, Math.floor((Math.min(hi.x - lo.x, hi.z - lo.z) + 2) / 2)) - 1;
    for (let y = lo.y; y <= top; y++) {
      const inset = op.op === 'roof' ? y - lo.y : 0;
      for (let z = lo.z + inset; z <= hi.z - inset; z++) {
        for (let x = lo.x + inset; x <= hi.x - inset; x++) {
          const side = x === lo.x || x === hi.x || z === lo.z || z === hi.z;
          const shell = side || y === lo.y || y === hi.y;
          if (op.op === 'walls' && !side) continue;
          set(x, y, z, op.op === 'fill' && op.hollow && !shell ? 'air' : op.block);
        }
      }
    }
  }
  if (rel.size === 0) throw new Error('the build has no cells; give layers or ops');
  const cells = [...rel.values()].map((c) => {
    const r = rotate(c, rotation);
    return { x: origin.x + r.x, y: origin.y + r.y, z: origin.z + r.z, block: c.block, props: c.props };
  });
  for (const axis of ['x', 'y', 'z']) {
    const vs = cells.map((c) => c[axis]);
    if (Math.max(...vs) - Math.min(...vs) + 1 > MAX_SPAN) throw new Error(`the build spans more than ${MAX_SPAN} blocks along ${axis}`);
  }
  cells.sort((a, b) => a.y - b.y || a.z - b.z || a.x - b.x);
  return { cells };
}

// BAND is how many rows one pass along a floor covers. Her hand reaches
// about four blocks to either side of where she stands, so a band this wide
// is placed from a walk along it, and the next band on the way back; row by
// row she would walk back the length of the floor for every row. Only a
// build of one layer is ordered so: where walls go up, the rows' order is the
// one that leaves her outside a doorless room as it closes. The brain orders
// a build the same way (blueprint.Expansion.Place in Go).
const BAND = 5;

/**
 * walkOrder puts the cells that get a block in the order she places them:
 * a build of one layer band by band along its longer side, any other as
 * expand sorts it (bottom-up, row by row).
 * @param {{x:number,y:number,z:number}[]} cells in expand's order (y, z, x)
 */
export function walkOrder(cells) {
  if (cells.length < 2 || cells[0].y !== cells[cells.length - 1].y) return cells;
  let [loX, hiX, loZ, hiZ] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const c of cells) [loX, hiX, loZ, hiZ] = [Math.min(loX, c.x), Math.max(hiX, c.x), Math.min(loZ, c.z), Math.max(hiZ, c.z)];
  const alongX = hiX - loX >= hiZ - loZ;
  const along = (c) => (alongX ? c.x : c.z);
  const across = (c) => (alongX ? c.z - loZ : c.x - loX);
  return [...cells].sort((a, b) => {
    const ba = Math.floor(across(a) / BAND), bb = Math.floor(across(b) / BAND);
    if (ba !== bb) return ba - bb;
    const way = ba % 2 === 1 ? -1 : 1;
    return way * (along(a) - along(b)) || across(a) - across(b);
  });
}

export const build = {
  budget: 600,
  params: (p) => {
    const args = {
      origin: p.reqRaw('origin', 'whole coordinates {"x":…,"y":…,"z":…}'),
      layers: p.reqRaw('layers', 'a list of layers, bottom first, each a list of rows of palette characters'),
      palette: p.reqRaw('palette', 'an object of one character to a block name'),
      ops: p.raw('ops') ?? undefined, rotation: p.optInt('rotation', 0, 0, 270), clear: p.optBool('clear', false),
    };
    if (p.err) return null;
    return { clear: args.clear, ...expand(args) };
  },
  async run(bot, a, signal, ctx) {
    const total = a.cells.length;
    let done = 0;
    const missing = {};
    const wrong = [];
    // cellsWrong and cellsProtected are the answer's data, in the shape the
    // practice world gives: cells as {x, y, z, block}.
    const cellsWrong = [];
    const cellsProtected = [];
    const note = (c, failed, line) => {
      wrong.push(line);
      cellsWrong.push({ x: c.x, y: c.y, z: c.z, block: c.block });
      if (failed?.result === FAILURE_PROTECTED) cellsProtected.push({ x: c.x, y: c.y, z: c.z, block: bot.blockAt(new Vec3(c.x, c.y, c.z))?.name ?? c.block });
    };
    ctx.progress(0, total, `starting a build of ${total} cells`);
    // Air cells top-down first.
    for (const c of [...a.cells].reverse()) {
      if (c.block !== 'air') continue;
      const p = new Vec3(c.x, c.y, c.z);
      const b = bot.blockAt(p);
      if (!b || passable(b)) { done++; continue; }
      const failed = await digAt(bot, p, signal, ctx);
      if (failed) note(c, failed, `${p} (${failed.message})`); else done++;
    }
    const tick = () => { if (done % 10 === 0) ctx.progress(done, total, `${done} of ${total} cells`); };
    for (const c of walkOrder(a.cells.filter((cell) => cell.block !== 'air'))) {
      throwIfAborted(signal);
      const p = new Vec3(c.x, c.y, c.z);
      const b = bot.blockAt(p);
      if (b && placedAs(b.name, c.block) && !mismatch(b, c.props)) { done++; tick(); continue; }
      if (b && !passable(b) && !isAir(b)) {
        if (!a.clear) { note(c, null, `${p} holds ${b.name}`); continue; }
        const failed = await digAt(bot, p, signal, ctx);
        if (failed) { note(c, failed, `${p} (${failed.message})`); continue; }
      }
      if (!bot.inventory.items().some((it) => it.name === c.block)) { missing[c.block] = (missing[c.block] ?? 0) + 1; cellsWrong.push({ x: c.x, y: c.y, z: c.z, block: c.block }); continue; }
      let placed = false;
      let last = '';
      // Only the faces that give the cell's state (its axis, half or the
      // face a wall block hangs on) are tried.
      for (const [face, off] of Object.entries(FACES)) {
        const anchor = p.offset(-off[0], -off[1], -off[2]);
        const ab = bot.blockAt(anchor);
        if (!ab || passable(ab)) continue;
        const why = plan(c.block, c.props, face).why;
        if (why) { last = last || why; continue; }
        const failed = await placeAt(bot, c.block, anchor, face, signal, ctx, c.props);
        if (!failed) { placed = true; break; }
        last = failed.message;
      }
      if (placed) { done++; tick(); } else note(c, null, `${p} ${stateText(c.block, c.props)} (${last || 'nothing solid beside it to place against'})`);
    }
    ctx.progress(done, total, `${done} of ${total} cells`);
    const short = Object.keys(missing).length ? `; you ran out of ${describeItems(missing)}` : '';
    // wrong lists every cell not right (the missing and protected ones too), so
    // that right plus the wrong cells is every cell: the brain reads these fields.
    const data = { cells: total, right: done, wrong: cellsWrong, missing, protected: cellsProtected };
    if (done === total) return ok(`built all ${total} cells`, data);
    return fail(FAILURE, `built ${done} of ${total} cells${short}${wrong.length ? `; still wrong: ${wrong.slice(0, 8).join('; ')}` : ''}`, data);
  },
};
