// Block states a placement asks for: "oak_stairs[facing=east,half=top]",
// "oak_log[axis=x]", "furnace[facing=south]". A server decides a placed
// block's state from how the player placed it, never from what the client
// names, so the body places the way vanilla turns into the state asked for:
//
//   axis    the axis of the face she clicks (logs, pillars, basalt)
//   half    (and a slab's type) top when she clicks a bottom face or the
//           upper half of a side, bottom for a top face or a side's lower half
//   facing  the way she looks when she places (stairs, doors, beds, fence
//           gates), the opposite of it (furnaces, chests, barrels, pumpkins,
//           a trapdoor set on a top or bottom face), a quarter turn from it
//           (anvils), or the face she clicks (wall torches, ladders, wall
//           signs, a trapdoor, button or lever set on a side)
//
// and then reads the state the server sent back: a block the server turned
// differently is reported, never counted as asked. Facing up or down (a
// barrel, a piston) is refused with a sentence: she places horizontal
// facings only.

import { FACES } from '../game.js';

/** HORIZONTAL are the four ways a facing can point that she can look. */
const HORIZONTAL = ['north', 'east', 'south', 'west'];
const OPPOSITE = { north: 'south', south: 'north', east: 'west', west: 'east', top: 'bottom', bottom: 'top' };

/** FACES_AWAY are blocks whose front faces the player who placed them. */
const FACES_AWAY = new Set([
  'furnace', 'blast_furnace', 'smoker', 'chest', 'trapped_chest', 'ender_chest', 'barrel', 'carved_pumpkin', 'jack_o_lantern',
  'lectern', 'loom', 'stonecutter', 'beehive', 'bee_nest', 'dispenser', 'dropper', 'piston', 'sticky_piston', 'end_portal_frame',
  'chiseled_bookshelf', 'crafter',
]);

/** facesAway reports the blocks whose front faces the player who placed them. */
function facesAway(name) {
  return FACES_AWAY.has(name) || name.endsWith('_glazed_terracotta') || name.endsWith('_trapdoor');
}

/** ANVIL_LOOK is the way she looks to set an anvil down facing each way: vanilla turns it a quarter clockwise. */
const ANVIL_LOOK = { north: 'west', east: 'north', south: 'east', west: 'south' };

/** WALL_FORMS are the item names whose block, set on a side face, takes another name in vanilla. */
const WALL_FORMS = [
  [/^(.*?)torch$/, '$1wall_torch'],
  [/^(.*)_hanging_sign$/, '$1_wall_hanging_sign'],
  [/^(.*)_sign$/, '$1_wall_sign'],
  [/^(.*)_banner$/, '$1_wall_banner'],
  [/^(.*)_(skull|head)$/, '$1_wall_$2'],
  [/^(.*)_coral_fan$/, '$1_coral_wall_fan'],
];

/**
 * placedAs reports whether a block the server holds is what placing the
 * item kind gives: the same name, or its wall form (a torch set on a side
 * face stands as wall_torch, an oak_sign as oak_wall_sign).
 */
export function placedAs(blockName, kind) {
  if (blockName === kind) return true;
  for (const [from, to] of WALL_FORMS) {
    if (from.test(kind) && kind.replace(from, to) === blockName) return true;
  }
  return false;
}

/** onWall reports the blocks whose facing is the face they hang on. */
function onWall(name) {
  return name === 'ladder' || name === 'tripwire_hook' || /(^|_)wall_(torch|sign|banner|hanging_sign)$/.test(name);
}

/**
 * parseBlock splits "name[k=v,…]" into the name and its properties. It
 * throws a sentence for a malformed one.
 * @returns {{name: string, props: Record<string, string>}}
 */
export function parseBlock(text) {
  const m = /^([a-z0-9_:.]+)(?:\[([^\]]*)\])?$/.exec(text);
  if (!m) throw new Error(`${JSON.stringify(text)} is not a block; write a Minecraft id with any states in brackets, such as oak_stairs[facing=east,half=top]`);
  const name = m[1].replace(/^minecraft:/, '');
  const props = {};
  for (const part of (m[2] ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const kv = /^([a-z_]+)=([a-z0-9_]+)$/.exec(part);
    if (!kv) throw new Error(`the state "${part}" of ${name} must be property=value, such as facing=north`);
    props[kv[1]] = kv[2];
  }
  return { name, props };
}

/** stateText writes a block back as "name[k=v,…]", or the plain name without properties. */
export function stateText(name, props) {
  const parts = Object.entries(props ?? {}).map(([k, v]) => `${k}=${v}`);
  return parts.length ? `${name}[${parts.join(',')}]` : name;
}

/**
 * checkProps holds props against the states the server's registry gives
 * the block; it answers a sentence for the first one it lacks, else ''.
 */
export function checkProps(bot, name, props) {
  const states = bot.registry.blocksByName[name]?.states ?? [];
  for (const [k, v] of Object.entries(props)) {
    const s = states.find((st) => st.name === k);
    if (!s) {
      const known = states.map((st) => st.name);
      return `${name} has no state ${k}${known.length ? `; its states are ${known.join(', ')}` : '; it has no states'}`;
    }
    const values = s.type === 'bool' ? ['true', 'false'] : s.type === 'int' ? null : s.values;
    if (values && !values.includes(v)) return `${name}'s ${k} is one of ${values.join(', ')}, not ${v}`;
  }
  if (props.facing && ['up', 'down'].includes(props.facing)) return `she places horizontal facings only, not ${name}[facing=${props.facing}]`;
  return '';
}

/**
 * plan says how to place name with props on face: the way she must look
 * (null when any way will do) and which half of a side face she clicks.
 * It answers {why} with a sentence when that face cannot give the state.
 * @returns {{look: string|null, half?: 'top'|'bottom', why?: string}}
 */
export function plan(name, props, face) {
  const horizontal = HORIZONTAL.includes(face);
  if (props.axis) {
    const axis = face === 'top' || face === 'bottom' ? 'y' : face === 'east' || face === 'west' ? 'x' : 'z';
    if (axis !== props.axis) return { look: null, why: `${name} takes its axis from the face it is placed on; for axis=${props.axis} pick the ${facesOfAxis(props.axis)} face of an anchor` };
  }
  let half;
  const wantHalf = props.half === 'top' || props.half === 'bottom' ? props.half : props.type === 'top' || props.type === 'bottom' ? props.type : null;
  if (wantHalf && (props.half === 'top' || props.half === 'bottom' || /_slab$/.test(name))) {
    if (horizontal) half = wantHalf;
    else if (OPPOSITE[face] !== wantHalf) {
      return { look: null, why: `${name} placed on a ${face} face sits in the ${OPPOSITE[face]} half; for ${props.half ? 'half' : 'type'}=${wantHalf} pick the ${OPPOSITE[wantHalf]} face or a side` };
    }
  }
  if (!props.facing) return { look: null, half };
  if (onWall(name) || (horizontal && /(_button|^lever|_trapdoor)$/.test(name))) {
    if (face !== props.facing) return { look: null, why: `${name} faces the way of the face it is placed on; for facing=${props.facing} pick the ${props.facing} face of the block it hangs on` };
    return { look: null, half };
  }
  if (/(^|_)anvil$/.test(name)) return { look: ANVIL_LOOK[props.facing], half };
  return { look: facesAway(name) ? OPPOSITE[props.facing] : props.facing, half };
}

function facesOfAxis(axis) {
  return axis === 'y' ? 'top or bottom' : axis === 'x' ? 'east or west' : 'north or south';
}

/**
 * standFor finds where she stands to place at dest looking the way look: two
 * or three blocks behind dest, in line with it, on something solid with room
 * for her. It answers null when no such place is open.
 * @param {(p: any) => boolean} canStand
 */
export function standFor(dest, look, canStand) {
  const [lx, , lz] = FACES[look];
  for (const d of [2, 3]) {
    for (const dy of [0, -1, 1, -2]) {
      const p = dest.offset(-lx * d, dy, -lz * d);
      if (canStand(p)) return p;
    }
  }
  return null;
}

/**
 * mismatch compares the state the server gave a placed block with props; it
 * answers '' when every property asked for holds, else what differs.
 */
export function mismatch(block, props) {
  const got = block?.getProperties?.() ?? {};
  const wrong = Object.entries(props).filter(([k, v]) => String(got[k]) !== v).map(([k, v]) => `${k}=${got[k] ?? '(none)'}, not ${k}=${v}`);
  return wrong.join(', ');
}

/** rotateProps turns a horizontal facing and an x or z axis clockwise seen from above, as a build's rotation turns its cells. */
export function rotateProps(props, rotation) {
  const turns = (rotation / 90) % 4;
  if (!turns) return props;
  const out = { ...props };
  if (HORIZONTAL.includes(out.facing)) out.facing = HORIZONTAL[(HORIZONTAL.indexOf(out.facing) + turns) % 4];
  if ((out.axis === 'x' || out.axis === 'z') && turns % 2 === 1) out.axis = out.axis === 'x' ? 'z' : 'x';
  return out;
}
