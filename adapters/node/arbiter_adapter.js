// The arbiter engine protocol (docs/engine-protocol.md) on top of your move
// generator, for Node.js (v18+, no packages). Write a generator object and call
// serve(generator):
//
//   const generator = {
//     async newGame(spec) {},          // throw if you cannot play it
//     async start() {},                // the start position (any value)
//     async parse(text) {},            // a position text -> position (throw if bad;
//                                      // throw new Unsupported(why) if you cannot hold it)
//     async legalMoves(pos) {},        // -> array of move texts (RULES.md notation)
//     async play(pos, move) {},        // -> the position after a legal move text
//     async format(pos) {},            // -> the position text, or null (no `text`)
//   };
//   serve(generator);
//
// Every method may be async or not. Given three arguments (depth, position,
// moves) serve answers one perftree-style question instead (perft verify
// --script), reading the game spec from $PERFT_GAME.
'use strict';
const readline = require('node:readline');

// Thrown for a position the engine cannot hold (say, fewer men than its game
// has): the reply is `err unsupported ...`, and perft verify skips that root.
class Unsupported extends Error {}

async function perft(gen, pos, depth) {
  if (depth === 0) return 1n;
  const moves = await gen.legalMoves(pos);
  if (depth === 1) return BigInt(moves.length);
  let total = 0n;
  for (const m of moves) total += await perft(gen, await gen.play(pos, m), depth - 1);
  return total;
}

async function position(gen, words) {
  const cut = words.indexOf('moves');
  const root = cut < 0 ? words : words.slice(0, cut);
  const moves = cut < 0 ? [] : words.slice(cut + 1);
  if (root.length === 0) throw new Error('position needs a text or start');
  let pos = root.length === 1 && root[0] === 'start' ? await gen.start()
                                                      : await gen.parse(root.join(' '));
  for (let i = 0; i < moves.length; ++i) {
    if (!(await gen.legalMoves(pos)).includes(moves[i]))
      throw new Error(`move ${i + 1} '${moves[i]}' is illegal`);
    pos = await gen.play(pos, moves[i]);
  }
  return pos;
}

function depthOf(words, least) {
  if (words.length !== 1 || !/^[0-9]+$/.test(words[0]) || Number(words[0]) < least)
    throw new Error(`expected one depth of at least ${least}`);
  return Number(words[0]);
}

async function divideLines(gen, pos, depth) {
  const lines = [];
  let total = 0n;
  for (const m of await gen.legalMoves(pos)) {
    const n = await perft(gen, await gen.play(pos, m), depth - 1);
    lines.push(`${m} ${n}`);
    total += n;
  }
  return {lines, total};
}

async function answer(gen, state, line) {
  const words = line.split(/\s+/).filter((w) => w.length > 0);
  const [verb, args] = words.length ? [words[0], words.slice(1)] : ['', []];
  if (verb === 'game') {
    if (args.length !== 1) throw new Error('game takes one spec');
    await gen.newGame(args[0]);
    state.pos = await gen.start();
    return 'ok';
  }
  if (verb === 'position') {
    state.pos = await position(gen, args);
    return 'ok';
  }
  if (state.pos === undefined) throw new Error('no game yet (send game <spec> first)');
  if (verb === 'divide') {
    const {lines, total} = await divideLines(gen, state.pos, depthOf(args, 1));
    return [...lines, `total ${total}`].join('\n');
  }
  if (verb === 'perft') return `total ${await perft(gen, state.pos, depthOf(args, 0))}`;
  if (verb === 'moves') return ['moves', ...(await gen.legalMoves(state.pos))].join(' ');
  if (verb === 'text') {
    const text = await gen.format(state.pos);
    return text == null ? 'err unsupported' : `text ${text}`;
  }
  throw new Error(`unknown request '${verb}'`);
}

async function serve(gen, args = process.argv.slice(2)) {
  if (args.length === 3) {  // perftree form: depth, position, moves
    await gen.newGame(process.env.PERFT_GAME || '');
    const pos = await position(gen, [...args[1].split(/\s+/), 'moves',
                                     ...args[2].split(/\s+/).filter((w) => w)]);
    const {lines, total} = await divideLines(gen, pos, Number(args[0]));
    process.stdout.write([...lines, '', `${total}`].join('\n') + '\n');
    return 0;
  }
  const state = {pos: undefined};
  const rl = readline.createInterface({input: process.stdin, terminal: false});
  for await (const line of rl) {  // one request at a time, in order
    if (line.trim() === 'quit') break;
    let reply;
    try {
      reply = await answer(gen, state, line);
    } catch (e) {  // every failure is one `err` line, never a dead engine
      reply = 'err ' + (e instanceof Unsupported ? 'unsupported ' : '') +
          String(e && e.message ? e.message : e).split(/\s+/).join(' ');
    }
    process.stdout.write(reply + '\n');
  }
  rl.close();
  return 0;
}

module.exports = {serve, perft, Unsupported};
