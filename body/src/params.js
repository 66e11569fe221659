// Params reads an action's parameters as the practice world does: each
// getter checks presence, type and range; the first problem is kept as a
// sentence naming the parameter and what is allowed, and later getters
// return zero values. A null counts as left out.

export class Params {
  /** @param {string} action @param {any} raw */
  constructor(action, raw) {
    this.action = action;
    /** @type {Error|null} */
    this.err = null;
    if (raw === undefined || raw === null) raw = {};
    if (typeof raw !== 'object' || Array.isArray(raw)) {
      this.err = new Error(`parameters of ${action} must be a JSON object, got ${kind(raw)}`);
      raw = {};
    }
    this.m = raw;
  }

  has(name) {
    return Object.hasOwn(this.m, name) && this.m[name] !== null;
  }

  failf(msg) {
    if (!this.err) this.err = new Error(msg);
  }

  number(name, what) {
    const v = this.m[name];
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      this.failf(`${name} must be ${what}, got ${kind(v)}`);
      return null;
    }
    return v;
  }

  reqInt(name, lo, hi) {
    const what = `a whole number from ${lo} to ${hi}`;
    if (this.err) return 0;
    if (!this.has(name)) { this.failf(`${this.action} needs ${name}: ${what}`); return 0; }
    return this.intIn(name, lo, hi, what);
  }

  optInt(name, def, lo, hi) {
    if (this.err || !this.has(name)) return def;
    return this.intIn(name, lo, hi, `a whole number from ${lo} to ${hi}`);
  }

  intIn(name, lo, hi, what) {
    const f = this.number(name, what);
    if (f === null) return 0;
    if (!Number.isInteger(f)) { this.failf(`${name} must be ${what}, got ${f}, which is not a whole number`); return 0; }
    if (f < lo || f > hi) { this.failf(`${name} must be ${what}, got ${f}`); return 0; }
    return f;
  }

  reqFloat(name, lo, hi) {
    const what = `a number from ${lo} to ${hi}`;
    if (this.err) return 0;
    if (!this.has(name)) { this.failf(`${this.action} needs ${name}: ${what}`); return 0; }
    return this.floatIn(name, lo, hi, what);
  }

  optFloat(name, def, lo, hi) {
    if (this.err || !this.has(name)) return def;
    return this.floatIn(name, lo, hi, `a number from ${lo} to ${hi}`);
  }

  floatIn(name, lo, hi, what) {
    const f = this.number(name, what);
    if (f === null) return 0;
    if (f < lo || f > hi) { this.failf(`${name} must be ${what}, got ${f}`); return 0; }
    return f;
  }

  reqString(name, allowed) {
    if (this.err) return '';
    if (!this.has(name)) { this.failf(`${this.action} needs ${name}: ${stringWhat(allowed)}`); return ''; }
    return this.stringIn(name, allowed);
  }

  optString(name, def, allowed) {
    if (this.err || !this.has(name)) return def;
    return this.stringIn(name, allowed);
  }

  stringIn(name, allowed) {
    const v = this.m[name];
    if (typeof v !== 'string') { this.failf(`${name} must be ${stringWhat(allowed)}, got ${kind(v)}`); return ''; }
    const s = v.trim();
    if (s === '') { this.failf(`${name} must be ${stringWhat(allowed)}, got an empty string`); return ''; }
    if (allowed && !allowed.includes(s)) { this.failf(`${name} must be ${stringWhat(allowed)}, got "${s}"`); return ''; }
    return s;
  }

  optBool(name, def) {
    if (this.err || !this.has(name)) return def;
    const v = this.m[name];
    if (typeof v !== 'boolean') { this.failf(`${name} must be true or false, got ${kind(v)}`); return def; }
    return v;
  }

  /** itemName reads an item or block name, dropping a minecraft: prefix. */
  itemName(name, required) {
    let s = required ? this.reqString(name) : this.optString(name, '');
    s = s.replace(/^minecraft:/i, '').toLowerCase();
    if (s && /[\s"']/.test(s)) { this.failf(`${name} must be a Minecraft id such as oak_log, got "${s}"`); return ''; }
    return s;
  }

  /** pos reads x, y and z as a block coordinate. */
  pos() {
    return { x: this.reqInt('x', -30000000, 30000000), y: this.reqInt('y', -2048, 2048), z: this.reqInt('z', -30000000, 30000000) };
  }

  /** optPos reads x, y and z when any is given; all three are then required. */
  optPos() {
    if (!this.has('x') && !this.has('y') && !this.has('z')) return null;
    return this.pos();
  }

  /** raw reads an optional parameter as it came, for a reader of its own. */
  raw(name) {
    return this.m[name];
  }

  /** reqRaw reads a required parameter as it came; what says what it must be. */
  reqRaw(name, what) {
    if (this.err) return undefined;
    if (!this.has(name)) { this.failf(`${this.action} needs ${name}: ${what}`); return undefined; }
    return this.m[name];
  }
}

function stringWhat(allowed) {
  return allowed ? `one of ${allowed.join(', ')}` : 'a non-empty string';
}

/** kind names what a JSON value is, for a sentence. */
export function kind(v) {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (typeof v === 'string') return `a string ${JSON.stringify(v).slice(0, 40)}`;
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'boolean') return 'a boolean';
  return String(v).slice(0, 40);
}
