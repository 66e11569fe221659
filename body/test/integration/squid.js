// A flying-squid server on loopback for the integration tier: a flat
// world, survival, everybody op (for /give and /tp), no world folder kept.

import { createRequire } from 'node:module';
import net from 'node:net';

const require = createRequire(import.meta.url);

export const MC_VERSION = process.env.BODY_TEST_MC_VERSION || '1.21.1';

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

/** startSquid starts flying-squid on 127.0.0.1 and resolves once it listens. */
export async function startSquid() {
  const mcServer = require('flying-squid');
  const port = await freePort();
  const serv = mcServer.createMCServer({
    motd: 'beaweb body test', port, host: '127.0.0.1', 'max-players': 10, 'online-mode': false, logging: false,
    gameMode: 0, difficulty: 0, worldFolder: undefined,
    generation: { name: 'superflat', options: { worldHeight: 80 } },
    kickTimeout: 30000, plugins: {}, modpe: false, 'view-distance': 4, 'player-list-text': { header: { text: '' }, footer: { text: '' } },
    'everybody-op': true, 'max-entities': 100, version: MC_VERSION,
  });
  await new Promise((resolve, reject) => {
    serv.once('listening', resolve);
    serv.once('error', reject);
  });
  return { serv, port, close: () => { try { serv.quit?.('test over'); } catch {} try { serv._server?.close(); } catch {} } };
}
