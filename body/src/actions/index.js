// The action table: every action of the contract, in docs/mod-protocol.md's order,
// with its budget in seconds (0: none), whether it runs beside another,
// whether it is answered while she is dead, how its parameters are read and
// the function that runs it.

import { attackEntity } from './combat.js';
import { bridge, pillarUp } from './terrain.js';
import { mineDown } from './stairs.js';
import { build } from './build.js';
import { craftItem, smeltItem } from './craft.js';
import { findBlock, mineBlock, placeBlock, scan, useBlock } from './blocks.js';
import { goToSurface, moveAway, moveTo, stopMoving } from './move.js';
import { equipItem, discardItem, eatFood, pickupItems } from './inventory.js';
import { followPlayer, giveItem, gotoPlayer, lookAtPlayer } from './players.js';
import { checkDeathLog, lookAt, mcChat } from './misc.js';
import { retrieveItem, storeItem, viewContainer } from './chest.js';

/** @returns {Record<string, import('../protocol.js').ActionSpec>} */
export function actionTable() {
  return {
    scan,
    mine_block: mineBlock,
    attack_entity: attackEntity,
    move_to: moveTo,
    move_away: moveAway,
    go_to_surface: goToSurface,
    stop_moving: stopMoving,
    look_at: lookAt,
    place_block: placeBlock,
    build,
    find_block: findBlock,
    pillar_up: pillarUp,
    mine_down: mineDown,
    bridge,
    craft_item: craftItem,
    use_block: useBlock,
    smelt_item: smeltItem,
    store_item: storeItem,
    retrieve_item: retrieveItem,
    view_container: viewContainer,
    equip_item: equipItem,
    discard_item: discardItem,
    eat_food: eatFood,
    check_death_log: checkDeathLog,
    goto_player: gotoPlayer,
    follow_player: followPlayer,
    look_at_player: lookAtPlayer,
    give_item: giveItem,
    mc_chat: mcChat,
    pickup_items: pickupItems,
  };
}
