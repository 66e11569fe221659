// serve-squid starts flying-squid on loopback for a test in another
// language (beaweb's end-to-end run), prints {"port": N} on one line once it
// listens, and stops when its stdin closes or it is told to.

import { Vec3 } from 'vec3';
import { startSquid } from './squid.js';

const squid = await startSquid();
// The flat world has no trees; a grove of log columns round the spawn area
// gives the autopilot's find_block something to find.
const log = squid.serv.registry.blocksByName.oak_log.defaultState;
for (let x = -8; x <= 32; x += 6) {
  for (let z = -8; z <= 32; z += 6) {
    for (let y = 5; y <= 7; y++) await squid.serv.setBlock(squid.serv.overworld, new Vec3(x, y, z), log);
  }
}
process.stdout.write(`${JSON.stringify({ port: squid.port })}\n`);
const stop = () => { squid.close(); process.exit(0); };
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
