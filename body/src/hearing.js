// What she hears besides mineflayer's own "<name> message" chat: whispers,
// the chat formats of Paper and Essentials-style plugins ("[Rank] Name:
// message", "Name » message", "[Name -> me] message"), and the server's own
// lines (joins, deaths, announcements), which come as "Server".

/** VANILLA is the line mineflayer already reads as chat. */
const VANILLA = /^<[^>]+> /;

/** FORMATS are the player chat formats of common servers: name, then message. */
const FORMATS = [
  /^\[(\w{3,16}) -> (?:me|you)\] (.+)$/i, // Essentials /msg
  /^(\w{3,16}) whispers(?: to you)?: (.+)$/, // vanilla /msg
  /^(?:\[[^\]]*\]\s*)*(?:[^\w\s[]+\s*)?(\w{3,16})(?:\s*\[[^\]]*\])*\s*(?::|»|>>|->)\s+(.+)$/, // [Rank] Name: message, Name » message
];

/**
 * readLine says who said a line of chat that is not vanilla's, or null for
 * a line of the server's own. known tells whether a name is a player on
 * the server: a format matches only a player's name.
 * @returns {{name: string, message: string}|null}
 */
export function readLine(text, known) {
  for (const re of FORMATS) {
    const m = re.exec(text);
    if (m && known(m[1])) return { name: m[1], message: m[2] };
  }
  return null;
}

/**
 * hear listens to bot and calls said(name, message) for each line a player
 * said in a format mineflayer does not read, and server(text) for each
 * line of the server's own.
 */
export function hear(bot, said, server) {
  bot.on('whisper', (username, message) => said(username, message));
  bot.on('messagestr', (text, position) => {
    if (position === 'game_info' || typeof text !== 'string' || !text.trim()) return;
    if (VANILLA.test(text) || /whispers(?: to you)?: /.test(text) && position !== 'system') return;
    const known = (name) => Object.keys(bot.players ?? {}).some((n) => n.toLowerCase() === name.toLowerCase());
    const line = readLine(text, known);
    if (line) {
      if (/whispers(?: to you)?: /.test(text)) return; // mineflayer's whisper event has it
      said(line.name, line.message);
      return;
    }
    if (position === 'system' || position === 'chat') server(text);
  });
}
