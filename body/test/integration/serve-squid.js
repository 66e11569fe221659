// serve-squid runs flying-squid on loopback for a test (the integration
// tier, or beaweb's end-to-end run in Go): it prints {"port": N} on one line
// once it listens, and stops when its stdin closes or it is told to. With
// --grove, a ring of oak_log trunks stands round the spawn before anyone
// joins (squid.js's GROVE); with --terrain, generated hills instead of
// the flat world.
//
// With --player NAME, a scripted second player of that name joins before
// the port is printed: flying-squid lists to a newcomer only the players
// who join after it, so he must be in first to see her. Then every line
// read from file descriptor 3 (a pipe the caller opens: flying-squid takes
// stdin as its console, where "stop" would stop it) is a line he says in
// game chat (a /command too: everybody is op), and stdout carries, one
// JSON object a line among flying-squid's own output:
//   {"heard": {"name": "Bea", "message": "..."}}  a chat line, as it comes
//   {"seen": {"at": [x, y, z], "players": {"Bea": [x, y, z]}, "inventory": {"stick": 1}}}
//     every 100 ms: where he stands, the players he sees, what he carries
//   {"error": "..."}  his link failed; the lines after it are not said

import net from 'node:net';
import { createInterface } from 'node:readline';
import mineflayer from 'mineflayer';
import { MC_VERSION, serveSquid } from './squid.js';

const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const send = (m) => process.stdout.write(`${JSON.stringify(m)}\n`);

const squid = await serveSquid({ grove: process.argv.includes('--grove'), terrain: process.argv.includes('--terrain') });
listEarlierPlayers(squid.serv);
const name = arg('--player');
if (name) await scriptedPlayer(name, squid.port);
send({ port: squid.port });
// flying-squid leaves timers running after it quits; the process ends here.
const stop = () => process.exit(0);
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

/**
 * listEarlierPlayers tells each newcomer who is already there, once he has
 * spawned. flying-squid's own list goes to everybody but him (login.js's
 * _sendPlayerList writes to the others), so a player who joined first was
 * unknown by name to her: "there is no player called Alex on this server"
 * to every come, follow or give. A vanilla server lists everyone to
 * everyone. Her body ties the name to the entity by its uuid.
 */
function listEarlierPlayers(serv) {
  serv.on('newPlayer', (player) => player.once('spawned', () => {
    const others = serv.players.filter((p) => p !== player);
    if (others.length === 0 || !serv.supportFeature('playerInfoActionIsBitfield')) return;
    player._client.write('player_info', {
      action: { add_player: true },
      data: others.map((p) => ({ uuid: p.uuid, player: { name: p.username, properties: p.profileProperties }, gamemode: p.gameMode, latency: p._client.latency })),
    });
  }));
}

/** scriptedPlayer joins as name and resolves once he stands in the world. */
async function scriptedPlayer(name, port) {
  const bot = mineflayer.createBot({ host: '127.0.0.1', port, username: name, version: MC_VERSION, hideErrors: true });
  await new Promise((resolve, reject) => {
    bot.once('spawn', resolve);
    bot.once('error', reject);
    bot.once('end', (why) => reject(new Error(`${name} was dropped before he joined: ${why}`)));
  });
  let up = true;
  bot.on('error', (err) => send({ error: String(err?.message ?? err) }));
  bot.on('end', (why) => { up = false; send({ error: `${name} was dropped: ${why}` }); });
  bot.on('chat', (who, message) => send({ heard: { name: who, message } }));
  const at = (p) => [p.x, p.y, p.z].map((v) => Math.round(v * 100) / 100);
  setInterval(() => {
    if (!up || !bot.entity) return;
    const players = {};
    // By entity and its uuid, not bot.players: flying-squid spawns a
    // player with no entity type, so mineflayer never ties her entity to
    // her name.
    for (const e of Object.values(bot.entities)) {
      const who = e.username ?? bot.uuidToUsername[e.uuid];
      if (who && e !== bot.entity) players[who] = at(e.position);
    }
    const inventory = {};
    for (const it of bot.inventory.items()) inventory[it.name] = (inventory[it.name] ?? 0) + it.count;
    send({ seen: { at: at(bot.entity.position), players, inventory } });
  }, 100);
  createInterface({ input: new net.Socket({ fd: 3, readable: true, writable: false }) }).on('line', (line) => {
    if (up && line.trim() !== '') bot.chat(line);
  });
}
