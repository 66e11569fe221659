// The terrain tier: the body on flying-squid's generated hills
// (diamond-square, not superflat) on loopback, with a scripted second
// player, Alex. She walks over the hills, gathers dirt she can reach, digs
// down to stone, takes some and climbs back up; she fells a trunk Alex
// sets beside her; Alex teleports away while she follows him, hits her and
// kills her.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import mineflayer from 'mineflayer';
import { Vec3 } from 'vec3';
import { createHash } from 'node:crypto';
import { startPlayer } from '../../src/player.js';
import { MC_VERSION, startSquid } from './squid.js';
import { Brain, WAIT, ok, stopAll } from './brain.js';

describe('the body on generated hills', { timeout: 300_000 }, () => {
  let squid, player, alex, brain;
  let linkEnded = false;

  before(async () => {
    squid = await startSquid({ terrain: true });
    player = startPlayer({
      host: '127.0.0.1', port: squid.port, username: 'Bea', auth: 'offline', version: MC_VERSION,
      listenHost: '127.0.0.1', listenPort: 0, log: () => {},
    });
    player.ended.then(() => { linkEnded = true; });
    const addr = await player.body.link.listening;
    brain = new Brain(`ws://127.0.0.1:${addr.port}`);
    await brain.packet('world');
    await brain.packet('survey', () => true, 60_000);
    alex = mineflayer.createBot({ host: '127.0.0.1', port: squid.port, username: 'Alex', version: MC_VERSION, hideErrors: true });
    await new Promise((resolve, reject) => { alex.once('spawn', resolve); alex.once('error', reject); });
  });

  after(() => stopAll({ brain, alex, player, linkEnded, squid }));

  const here = () => brain.latest('state').player.position;
  // Alex's client sees her as an entity of another kind (flying-squid
  // spawns players so) and has no player list entry for her: only her
  // offline uuid ties her entity to her name.
  const beaUuid = offlineUuid('Bea');
  const bea = () => Object.values(alex.entities).find((e) => e.uuid === beaUuid);
  /**
   * alexBeside brings Alex to her with /tp, and resolves once his client is
   * there. He goes to where the server has her, not to a cell beside her:
   * on a hillside or a pillar the cell beside her may be air or rock.
   */
  const alexBeside = async () => {
    const near = () => bea() && alex.entity.position.distanceTo(bea().position) < 3;
    if (near()) return;
    alex.chat('/tp Alex Bea');
    // Her state packets (every 0.5 s) wake the wait; Alex's client has moved by then.
    await brain.until(() => near() || undefined, 'Alex beside her', WAIT);
  };
  /**
   * alexAway sends Alex 40 blocks off: flying-squid hands a drop to any
   * player beside it, and Alex beside her took the dirt she dug.
   */
  const alexAway = async () => {
    const p = here();
    alex.chat(`/tp Alex ${Math.floor(p.x) + 40} ${Math.floor(p.y) + 20} ${Math.floor(p.z)}`);
    await brain.until(() => alex.entity.position.distanceTo(new Vec3(p.x, p.y, p.z)) > 30 || undefined, 'Alex away from her', WAIT);
  };
  /** sent is the packets of a type that came after the first `from`. */
  const sent = (from, type, test = () => true) => brain.packets.slice(from).find((p) => p.type === type && test(p));

  test('she walks over the hills', async () => {
    const from = here();
    const a = ok(await brain.call('move_to', { x: from.x + 20, y: from.y, z: from.z, range: 4 }, 120_000));
    assert.match(a.message, /you walked/);
  });

  test('she fells a trunk she can reach and carries its logs', async () => {
    // diamond-square grows no trees, so Alex sets a three-log trunk beside
    // her with /setblock: the trunk stands where the test knows, in its own
    // file, while the server stays the one the other tests share. It comes
    // before the dig: go_to_surface may leave her on a pillar.
    await alexAway();
    // A column beside her whose ground is level with hers and open above,
    // read from her own client's world (its chunks round her are in): a
    // trunk on a cliff or in a hillside would test the pathfinder, not her.
    const p = here();
    const fx = Math.floor(p.x), fy = Math.floor(p.y), fz = Math.floor(p.z);
    const open = (x, y, z) => ['air', 'short_grass', 'tall_grass'].includes(player.bot.blockAt(new Vec3(x, y, z))?.name);
    const groundAt = (x, z) => {
      let y = fy + 8;
      while (y > fy - 16 && open(x, y, z)) y--;
      return y;
    };
    const spots = [[2, 0], [-2, 0], [0, 2], [0, -2], [3, 0], [-3, 0], [0, 3], [0, -3], [2, 2], [-2, -2], [2, -2], [-2, 2]]
      .map(([dx, dz]) => ({ x: fx + dx, z: fz + dz, g: groundAt(fx + dx, fz + dz) }))
      .sort((a, b) => Math.abs(a.g - (fy - 1)) - Math.abs(b.g - (fy - 1)));
    const { x, z, g } = spots[0];
    for (let y = g + 1; y <= g + 3; y++) alex.chat(`/setblock ${x} ${y} ${z} oak_log 1`);
    const logs = () => brain.latest('state').inventory.filter((s) => s.item === 'oak_log').reduce((n, s) => n + s.count, 0);
    await brain.until(() => brain.latest('survey')?.kinds.some((k) => k.kind === 'oak_log' && k.count === 3) || undefined, 'the trunk in her survey', WAIT);
    let a = await brain.call('find_block', { block: 'log', count: 3, radius: 16 }, 200_000);
    if (a.result === 'FAILURE_NO_DROPS') a = await brain.call('find_block', { block: 'log', count: 3 - logs(), radius: 16 }, 200_000);
    ok(a);
    await brain.until(() => logs() >= 3 || undefined, 'three oak_log in her inventory', WAIT);
  });

  test('she gathers dirt she can reach, digs down to stone, takes some and climbs back up', async () => {
    // Under load flying-squid now and then drops nothing for the blocks
    // she breaks (FAILURE_NO_DROPS); a player would dig once more, and so
    // does the test, once.
    await alexAway();
    let dirt = await brain.call('find_block', { block: 'dirt', count: 1, radius: 16 }, 200_000);
    if (dirt.result === 'FAILURE_NO_DROPS') dirt = await brain.call('find_block', { block: 'dirt', count: 1, radius: 16 }, 200_000);
    ok(dirt);
    alex.chat('/give Bea wooden_pickaxe');
    await brain.until(() => brain.latest('state').inventory.some((s) => s.item === 'wooden_pickaxe') || undefined, 'the pickaxe in her inventory', WAIT);
    ok(await brain.call('mine_down', { depth: 3 }, 120_000));
    // In the shaft too: flying-squid throws a drop up to 2 blocks a second
    // sideways, and its physics may leave it in a wall or under her feet,
    // where no player could take it; a player digs on, and so does the test,
    // up to three times.
    let stone = await brain.call('find_block', { block: 'stone', count: 1, radius: 8 }, 120_000);
    for (let again = 0; again < 2 && stone.result === 'FAILURE_NO_DROPS'; again++) {
      stone = await brain.call('find_block', { block: 'stone', count: 1, radius: 8 }, 120_000);
    }
    ok(stone);
    ok(await brain.call('go_to_surface', {}, 120_000));
  });

  test('he hits her: the damage and the defend reflex name him', async () => {
    await alexBeside();
    const from = brain.packets.length;
    // The first blow: flying-squid sends her no hurt event, and Alex's
    // client swings after the blow, so the swing that follows claims it.
    alex.attack(bea());
    const started = await brain.until(() => sent(from, 'reflex', (q) => q.reflex === 'defend' && q.event === 'started'), 'the defend reflex', WAIT);
    assert.equal(started.target.name, 'Alex');
    assert.equal(started.target.type, 'player');
    await alexBeside();
    alex.attack(bea());
    const named = await brain.until(() => sent(from, 'damage', (q) => q.attacker?.name === 'Alex'), 'a damage naming Alex', WAIT);
    assert.equal(named.source, 'attack');
  });

  // flying-squid 1.12 respawns no one on 1.21 by itself: squid.js's fixRespawn answers her.
  test('he kills her: the death names him, and she respawns', async () => {
    const from = brain.packets.length;
    for (let blow = 0; blow < 40 && !sent(from, 'death'); blow++) {
      await alexBeside();
      const before = brain.packets.length;
      alex.attack(bea());
      await brain.until(() => sent(before, 'damage') ?? sent(before, 'death'), 'her health to drop', WAIT);
    }
    const death = await brain.until(() => sent(from, 'death'), 'her death', WAIT);
    assert.equal(death.cause, 'killed by Alex');
    await brain.until(() => sent(from, 'respawn'), 'her respawn', 60_000);
    await brain.until(() => brain.latest('state').player.health === 20 || undefined, 'her health back at 20', WAIT);
    const log = ok(await brain.call('check_death_log', {}));
    assert.equal(log.data.deaths.at(-1).cause, 'killed by Alex');
  });

  test('a follow ends with a reason when he teleports away', async () => {
    await alexBeside();
    ok(await brain.call('follow_player', { player: 'Alex', range: 2 }));
    const from = brain.packets.length;
    const at = alex.entity.position;
    alex.chat(`/tp Alex ${Math.floor(at.x) + 200} 100 ${Math.floor(at.z)}`);
    const ended = await brain.until(() => sent(from, 'follow_ended', (q) => q.player === 'Alex'), 'follow_ended', 60_000);
    assert.match(ended.reason, /teleported away|went out of sight/);
  });
});

/** offlineUuid is the uuid an offline-mode server gives a name: version 3 of "OfflinePlayer:name". */
function offlineUuid(name) {
  const h = createHash('md5').update(`OfflinePlayer:${name}`).digest();
  h[6] = (h[6] & 0x0f) | 0x30;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}
