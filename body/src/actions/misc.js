// Talking and looking: mc_chat, check_death_log and look_at.

import { FAILURE, abortable, fail, ok, sleep } from '../answer.js';

/**
 * commandRefusal says why a chat line may not be typed, or ''. A line
 * starting with / is a server command: only the commands beaweb allows
 * (none unless the owner turned commands on and listed them: BEA_COMMANDS, BEA_COMMAND_ALLOW) are typed.
 */
export function commandRefusal(message, allowed) {
  if (!message.startsWith('/')) return '';
  const name = message.slice(1).split(/\s/, 1)[0].toLowerCase();
  if (allowed.length === 0) return `you may not type server commands such as /${name}; say it without the slash, or ask the person who runs you to allow it`;
  if (!allowed.includes(name)) return `/${name} is not among the commands you may type (${allowed.map((c) => `/${c}`).join(', ')})`;
  return '';
}
import { Vec3, blockCentre } from '../game.js';

export const mcChat = {
  budget: 5,
  concurrent: true,
  whileDead: true,
  params: (p) => {
    const message = p.reqString('message');
    if (message.length > 256) p.failf(`message must be at most 256 characters, as the game's chat allows; got ${message.length}`);
    if (/[\r\n]/.test(message)) p.failf("message must be one line; the game's chat takes no line breaks");
    return { message };
  },
  async run(bot, a, signal, ctx) {
    const why = commandRefusal(a.message, ctx.commands ?? []);
    if (why) return fail(FAILURE, why);
    if (ctx.chat) await ctx.chat.say(a.message, signal);
    else bot.chat(a.message);
    return ok(`you said in chat: ${a.message}`);
  },
};

export const checkDeathLog = {
  budget: 5,
  concurrent: true,
  whileDead: true,
  params: () => ({}),
  async run(bot, a, signal, ctx) {
    const deaths = ctx.deaths;
    if (deaths.length === 0) return ok('you have not died since the body joined this server', { deaths: [] });
    const now = Date.now();
    const lines = deaths.map((d) => `${d.cause} at ${d.position.x} ${d.position.y} ${d.position.z} in the ${d.dimension}, ${Math.round((now - d.at) / 1000)} s ago`);
    return ok(`you died ${deaths.length} time(s): ${lines.join('; ')}`, { deaths });
  },
};

export const lookAt = {
  budget: 5,
  concurrent: true,
  params: (p) => p.pos(),
  async run(bot, a, signal) {
    await abortable(bot.lookAt(blockCentre(new Vec3(a.x, a.y, a.z)), true), signal);
    return ok(`you look at ${a.x} ${a.y} ${a.z}`);
  },
};


/**
 * ChatQueue types her lines at about one a second, with a burst of three,
 * so that a burst of answers does not get her kicked for spam. Lines wait
 * their turn in order; none is dropped.
 */
export class ChatQueue {
  /** @param {(line: string) => void} send @param {{perSecond?: number, burst?: number, now?: () => number}} [o] */
  constructor(send, o = {}) {
    this.send = send;
    this.gap = 1000 / (o.perSecond ?? 1);
    this.burst = o.burst ?? 3;
    this.now = o.now ?? Date.now;
    this.tokens = this.burst;
    this.at = this.now();
    this.tail = Promise.resolve();
  }

  refill() {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + (t - this.at) / this.gap);
    this.at = t;
  }

  /** say types line once its turn comes; it resolves when typed, or rejects when signal fires first. */
  say(line, signal = new AbortController().signal) {
    const turn = this.tail.then(async () => {
      this.refill();
      while (this.tokens < 1) {
        await sleep(Math.ceil((1 - this.tokens) * this.gap), signal);
        this.refill();
      }
      if (signal.aborted) throw signal.reason;
      this.tokens -= 1;
      this.send(line);
    });
    this.tail = turn.catch(() => {});
    return turn;
  }
}
