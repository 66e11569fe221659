// flying-squid on loopback for the integration tier and beaweb's end-to-end
// run: a flat world (bedrock at y 0, dirt, grass at y 4), survival,
// everybody op (for /give, /tp, /kick), no world folder kept.
//
// The server runs in a child process of its own (serve-squid.js): flying-squid
// starts a timer per player that it never clears, so a server inside the test
// process would keep that process alive after the last test. Killing the child
// ends it, and drops every player's link at once.

import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import { createInterface } from 'node:readline';
import { Vec3 } from 'vec3';

const require = createRequire(import.meta.url);

export const MC_VERSION = process.env.BODY_TEST_MC_VERSION || '1.21.1';

/**
 * SPAWN is where every player joins. flying-squid picks a random column in
 * a 30 by 30 square for each player, so two players could join 42 blocks
 * apart, beyond the 32 blocks within which her state lists players; the
 * tests need the second player beside her.
 */
export const SPAWN = { x: 8, z: 8 };

/**
 * GROVE is the trunks serveSquid sets with grove: a 3-block oak_log column
 * on the grass every 5 blocks in a ring round the spawn, for an autopilot
 * that looks for wood. The flat world has no trees of its own.
 */
export const GROVE = [[-4, -4], [4, -4], [-4, 4], [4, 4], [0, -6], [0, 6], [-6, 0], [6, 0]]
  .map(([dx, dz]) => ({ x: SPAWN.x + dx, z: SPAWN.z + dz }));
export const GROUND_Y = 4;

/** TERRAIN_SEED is the seed of the generated hills of the terrain tier (diamond-square: no trees; the waterline is set low, so a dig down meets no sea). */
export const TERRAIN_SEED = 20261205;

/** freePort asks the system for a free loopback port. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/**
 * serveSquid starts flying-squid in this process on 127.0.0.1 and resolves
 * once it listens. With grove, the trunks of GROVE stand before anyone joins.
 */
export async function serveSquid({ grove = false, terrain = false } = {}) {
  const mcServer = require('flying-squid');
  const port = await freePort();
  const serv = mcServer.createMCServer({
    motd: 'beaweb body test', port, host: '127.0.0.1', 'max-players': 10, 'online-mode': false, logging: false,
    gameMode: 0, difficulty: 0, worldFolder: undefined,
    generation: terrain ? { name: 'diamond_square', options: { worldHeight: 120, seed: TERRAIN_SEED, waterline: 2 } } : { name: 'superflat', options: { worldHeight: 80 } },
    kickTimeout: 30000, plugins: {}, modpe: false, 'view-distance': 4, 'player-list-text': { header: { text: '' }, footer: { text: '' } },
    'everybody-op': true, 'max-entities': 100, version: MC_VERSION,
  });
  await new Promise((resolve, reject) => {
    serv.once('listening', resolve);
    serv.once('error', reject);
  });
  fixRespawn(serv);
  if (terrain) return { serv, port };
  serv.getSpawnPoint = async () => new Vec3(SPAWN.x, GROUND_Y + 1, SPAWN.z);
  if (grove) {
    const log = serv.registry.blocksByName.oak_log.defaultState;
    for (const t of GROVE) {
      for (let y = GROUND_Y + 1; y <= GROUND_Y + 3; y++) await serv.setBlock(serv.overworld, new Vec3(t.x, y, t.z), log);
    }
  }
  return { serv, port };
}

/**
 * fixRespawn answers a respawn request on 1.21: flying-squid 1.12 respawns a
 * player only for client_command's action 0, which 1.21's protocol names
 * 'perform_respawn', and writes the respawn packet as before 1.20.5, so a
 * dead player stayed dead. This does for the named action what
 * flying-squid's own respawn plugin does for 0, in 1.21's packet.
 */
function fixRespawn(serv) {
  serv.on('newPlayer', (player) => {
    player._client.on('client_command', (d) => {
      if (d?.actionId !== 'perform_respawn') return;
      player.behavior('requestRespawn', {}, () => {
        // 1.20.5's respawn packet holds its fields in worldState, which
        // flying-squid's _sendRespawn does not write.
        player._client.write('respawn', {
          worldState: {
            dimension: 0, name: serv.dimensionNames[0], hashedSeed: serv.hashedSeed, gamemode: player.gameMode,
            previousGamemode: 255, isDebug: false, isFlat: false, portalCooldown: 0,
          },
          copyMetadata: 0,
        });
        player.sendSelfPosition();
        player.updateHealth(20);
        player.nearbyEntities = [];
        player.updateAndSpawn();
      });
    });
  });
}

/**
 * startSquid runs serve-squid.js as a child process and resolves once it
 * listens, with its port and kill() (SIGKILL: every link drops at once).
 * @param {{grove?: boolean, terrain?: boolean}} [o]
 * @returns {Promise<{port: number, kill: () => void, exited: Promise<void>}>}
 */
export async function startSquid(o = {}) {
  const args = [new URL('./serve-squid.js', import.meta.url).pathname];
  if (o.grove) args.push('--grove');
  if (o.terrain) args.push('--terrain');
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, BODY_TEST_MC_VERSION: MC_VERSION } });
  const exited = new Promise((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error('flying-squid did not listen within 60 s')); }, 60_000);
    lines.on('line', (line) => {
      let m;
      try { m = JSON.parse(line); } catch { return; }
      if (m.port) { clearTimeout(timer); resolve(m.port); }
    });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`flying-squid exited with ${code} before it listened`)); });
  });
  child.stdout.resume();
  return { port, exited, kill: () => { if (child.exitCode === null) child.kill('SIGKILL'); } };
}
