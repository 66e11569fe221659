// checkTable holds the body's action table to testdata/minecraft_contract.json,
// as the brain's contract test holds the practice world: every action of
// the contract offered and nothing beyond it, the same concurrent ones, and
// each action reading exactly the parameters the contract names, the
// optional ones being those it fills in itself.

import { Params } from './params.js';

/**
 * RecordingParams reads nothing: it notes which parameters an action's
 * reader asks for and whether it asks for them as required or optional.
 */
class RecordingParams extends Params {
  constructor(action) {
    super(action, {});
    this.required = new Set();
    this.optional = new Set();
  }

  failf() {}
  has(name) { this.optional.add(name); return false; }
  reqInt(name) { this.required.add(name); return 0; }
  reqFloat(name) { this.required.add(name); return 0; }
  reqString(name) { this.required.add(name); return ''; }
  optInt(name, def) { this.optional.add(name); return def; }
  optFloat(name, def) { this.optional.add(name); return def; }
  optString(name, def) { this.optional.add(name); return def; }
  optBool(name, def) { this.optional.add(name); return def; }
  raw(name) { this.optional.add(name); return undefined; }
  reqRaw(name) { this.required.add(name); return undefined; }
  optPos() { for (const n of ['x', 'y', 'z']) this.optional.add(n); return null; }
}

/**
 * readsOf runs an action's parameter reader against nothing and answers
 * what it read. A reader that throws on missing input (build) is read as
 * it got.
 */
export function readsOf(action, spec) {
  const p = new RecordingParams(action);
  try {
    spec.params(p);
  } catch {
    // The reader refused the empty parameters after reading what it needs.
  }
  for (const n of p.required) p.optional.delete(n);
  return { required: p.required, optional: p.optional };
}

/** @returns {string[]} one sentence per difference; empty when the table keeps the contract */
export function checkTable(contract, table) {
  const problems = [];
  const offered = Object.keys(table);
  for (const name of Object.keys(contract.actions)) {
    if (!offered.includes(name)) problems.push(`the contract's action ${name} is missing from the body`);
  }
  for (const name of offered) {
    if (!Object.hasOwn(contract.actions, name)) problems.push(`the body offers ${name}, which the contract does not have`);
  }
  const concurrent = offered.filter((n) => table[n].concurrent).sort();
  const want = [...contract.concurrent].sort();
  if (JSON.stringify(concurrent) !== JSON.stringify(want)) {
    problems.push(`the body runs ${concurrent.join(', ')} beside another; the contract says ${want.join(', ')}`);
  }
  for (const name of offered) {
    const c = contract.actions[name];
    if (!c) continue;
    const { required, optional } = readsOf(name, table[name]);
    const reads = new Set([...required, ...optional]);
    for (const n of c.reads) if (!reads.has(n)) problems.push(`${name} does not read ${n}, which the contract says it reads`);
    for (const n of reads) if (!c.reads.includes(n)) problems.push(`${name} reads ${n}, which the contract does not name`);
    for (const n of c.filled) if (required.has(n)) problems.push(`${name} requires ${n}, which the contract says it fills in itself`);
    for (const n of optional) if (c.reads.includes(n) && !c.filled.includes(n)) problems.push(`${name} fills in ${n} itself; the contract says it is required`);
    if (typeof table[name].budget !== 'number' || table[name].budget < 0) problems.push(`${name} has no budget`);
    else if (table[name].budget !== c.budget) problems.push(`${name} has a budget of ${table[name].budget} s; the contract says ${c.budget} s`);
  }
  return problems;
}
