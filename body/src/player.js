// startPlayer joins a server as a mineflayer player with the plugins the
// actions use and puts the body in front of it. main.js runs it for a
// person; the integration tests run it against flying-squid.

import mineflayer from 'mineflayer';
import pathfinderPkg from 'mineflayer-pathfinder';
import toolPkg from 'mineflayer-tool';
import { startBody } from './body.js';
import { EXIT, reasonText, refusedForGood } from './server.js';

const { pathfinder, Movements } = pathfinderPkg;

/**
 * @param {{host: string, port: number, username: string, auth: 'offline'|'microsoft', version?: string,
 *   listenHost: string, listenPort: number, profilesFolder?: string, key?: string, loginPassword?: string, commands?: string[],
 *   log: (msg: string, extra?: object) => void, onSignIn?: (sentence: string) => void}} o
 * Each step of the link is logged with a status (connecting, joined,
 * kicked, refused, error, ended) that beaweb's supervisor shows on the
 * dashboard; ended resolves with the exit status that tells it whether to
 * try again (see EXIT).
 * @returns {{bot: any, body: ReturnType<typeof startBody>, ended: Promise<{reason: string, code: number}>, spawned: Promise<number>}}
 */
export function startPlayer(o) {
  const started = Date.now();
  o.log('connecting to the server', { status: 'connecting', server: `${o.host}:${o.port}` });
  const bot = mineflayer.createBot({
    host: o.host,
    port: o.port,
    username: o.username,
    auth: o.auth,
    version: o.version || false,
    respawn: false, // the respawn reflex respawns her and reports it
    hideErrors: true,
    profilesFolder: o.profilesFolder,
    onMsaCode: (data) => {
      const sentence = `To let her join as ${o.username}, open ${data.verification_uri} and enter the code ${data.user_code} (it expires in ${Math.round(data.expires_in / 60)} minutes).`;
      o.onSignIn?.(sentence);
      body.signInNeeded({ url: data.verification_uri, code: data.user_code, expires_in: data.expires_in, message: sentence });
    },
  });
  bot.loadPlugin(pathfinder);
  bot.loadPlugin(toolPkg.plugin);
  const body = startBody({
    bot, host: o.listenHost, port: o.listenPort, server: `${o.host}:${o.port}`, username: o.username, mcVersion: o.version, log: o.log,
    key: o.key, commands: o.commands ?? [],
  });
  const spawned = new Promise((resolve) => {
    bot.once('spawn', () => {
      body.signedIn();
      const moves = new Movements(bot);
      moves.canDig = false;
      moves.allowParkour = true;
      moves.allow1by1towers = true;
      bot.pathfinder.setMovements(moves);
      bot.pathfinder.thinkTimeout = 5000;
      o.log('ready', { status: 'joined', ms_to_spawn: Date.now() - started, version: bot.version });
      resolve(Date.now() - started);
    });
  });
  if (o.loginPassword) logIn(bot, o.loginPassword, o.log);
  let code = EXIT.LOST;
  bot.on('kicked', (reason) => {
    const text = reasonText(reason, bot.registry?.language) || 'the server gave no reason';
    const forGood = refusedForGood(text);
    code = forGood ? EXIT.REFUSED : EXIT.KICKED;
    o.log(forGood ? 'the server refuses her' : 'kicked from the server', { status: forGood ? 'refused' : 'kicked', reason: text });
  });
  bot.on('error', (e) => o.log('game link error', { status: 'error', error: String(e?.message ?? e) }));
  const ended = new Promise((resolve) => {
    bot.on('end', (reason) => {
      body.lost(`the game link ended: ${reason}`);
      o.log('the game link ended', { status: 'ended', reason: String(reason) });
      resolve({ reason: String(reason), code });
    });
  });
  return { bot, body, ended, spawned };
}

/**
 * logIn answers the login plugins of offline-mode servers (AuthMe and its
 * kind): /login after each join, and /register once if the server asks for
 * it. The password is never logged; the log says only that it was sent.
 */
export function logIn(bot, password, log) {
  let registered = false;
  bot.once('spawn', () => {
    bot.chat(`/login ${password}`);
    log('sent /login to the server', {});
  });
  bot.on('messagestr', (text) => {
    if (registered || !/\/register\b/i.test(String(text))) return;
    registered = true;
    bot.chat(`/register ${password} ${password}`);
    log('the server asked her to register; sent /register', {});
  });
}
