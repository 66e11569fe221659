// How the game server treats her, as beaweb's supervisor reads it: a kick
// or ban reason as text (the server sends JSON text components, or NBT from
// 1.20.3 on), whether it is a refusal that retrying cannot mend, and the
// exit code that tells beaweb so.

/** EXIT says why the body ended, as its exit status; beaweb reads it. */
export const EXIT = {
  LOST: 1, // the link ended (the server went away, a network error): try again soon
  USAGE: 2, // bad arguments
  REFUSED: 3, // banned or not on the whitelist: retrying cannot mend it
  KICKED: 4, // kicked: try again, backing off
};

/** simplify turns prismarine-nbt's tagged values into plain ones. */
function simplify(v) {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(simplify);
  if (typeof v.type === 'string' && 'value' in v) {
    const inner = v.value;
    if (v.type === 'compound') return Object.fromEntries(Object.entries(inner).map(([k, x]) => [k, simplify(x)]));
    if (v.type === 'list') return (inner?.value ?? []).map((x) => simplify(typeof x === 'object' && x !== null && !('type' in x) ? { type: inner.type, value: x } : x));
    return simplify(inner);
  }
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, simplify(x)]));
}

/** flatten writes a text component as plain text, translating keys the language knows. */
function flatten(c, language, depth = 0) {
  if (depth > 20 || c === null || c === undefined) return '';
  if (typeof c === 'string' || typeof c === 'number') return String(c);
  if (Array.isArray(c)) return c.map((x) => flatten(x, language, depth + 1)).join('');
  let out = '';
  if (typeof c.text === 'string') out += c.text;
  else if (c[''] !== undefined) out += String(c['']);
  if (typeof c.translate === 'string') {
    const args = (c.with ?? []).map((x) => flatten(x, language, depth + 1));
    let i = 0;
    const pattern = language?.[c.translate] ?? c.fallback ?? c.translate;
    out += pattern.replace(/%(?:(\d+)\$)?s/g, (_, n) => (n ? args[Number(n) - 1] : args[i++]) ?? '');
  }
  if (Array.isArray(c.extra)) out += c.extra.map((x) => flatten(x, language, depth + 1)).join('');
  return out;
}

/**
 * reasonText is a kick or ban reason as a person reads it, whatever the
 * server sent: a plain string, JSON text, a text component or NBT.
 */
export function reasonText(reason, language) {
  let r = reason;
  if (typeof r === 'string') {
    try {
      r = JSON.parse(r);
    } catch {
      return r.replace(/§./g, '').trim();
    }
  }
  return flatten(simplify(r), language).replace(/§./g, '').trim();
}

/** refusedForGood reports whether a reason says retrying cannot help: a ban or a whitelist. */
export function refusedForGood(text) {
  return /\bbanned\b|white-?listed|whitelist/i.test(text);
}
