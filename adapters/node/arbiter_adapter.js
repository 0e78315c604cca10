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
//     // Optional, for speed (the adapter walks every move without them):
//     async countMoves(pos) {},        // -> the number of legal moves (the last ply)
//     async perft(pos, depth) {},      // -> your engine's own count (BigInt or a safe
//                                      // integer); walk(this, pos, depth) falls back
//   };
//   serve(generator);
//
// Every method may be async or not. Positions are values: play returns a new
// one and leaves its argument as it was (the walk and the cache rely on it).
// Given three arguments (depth, position, moves) serve answers one
// perftree-style question instead (perft verify --script), reading the game
// spec from $PERFT_GAME. serve(generator, undefined, {cache: N}) keeps at most N
// positions of the position walk with their move lists (default 4096; 0: none).
'use strict';
const readline = require('node:readline');

// Thrown for a position the engine cannot hold (say, fewer men than its game
// has): the reply is `err unsupported ...`, and perft verify skips that root.
class Unsupported extends Error {}

// A count from a hook: a BigInt, a safe integer or a string of digits.
function countOf(n, hook) {
  if (typeof n === 'bigint' && n >= 0n) return n;
  if (typeof n === 'number' && Number.isSafeInteger(n) && n >= 0) return BigInt(n);
  if (typeof n === 'string' && /^[0-9]+$/.test(n)) return BigInt(n);
  throw new Error(`${hook} returned ${String(n)}, not a count`);
}

// The count below pos: the generator's own perft if it has one, else the walk.
async function perft(gen, pos, depth) {
  if (typeof gen.perft === 'function') return countOf(await gen.perft(pos, depth), 'perft');
  return walk(gen, pos, depth);
}

// Every move played, the last ply counted (countMoves, where the generator has it).
async function walk(gen, pos, depth) {
  if (depth === 0) return 1n;
  if (depth === 1) {
    if (typeof gen.countMoves === 'function')
      return countOf(await gen.countMoves(pos), 'countMoves');
    return BigInt((await gen.legalMoves(pos)).length);
  }
  let total = 0n;
  for (const m of await gen.legalMoves(pos))
    total += await perft(gen, await gen.play(pos, m), depth - 1);
  return total;
}

// The position walk's positions by root and move path, each with its move
// list once asked: `position <root> moves <path>` plays only the moves past
// the longest path held, and checks each against a held list. Least recently
// used first out, within `size` positions and 10^6 listed moves.
class PositionCache {
  constructor(size) {
    this.size = size;
    this.map = new Map();
    this.listed = 0;
  }
  clear() {
    this.map.clear();
    this.listed = 0;
  }
  get(key) {
    const entry = this.map.get(key);
    if (entry === undefined) return undefined;
    this.map.delete(key);  // now the most recently used
    this.map.set(key, entry);
    return entry;
  }
  add(key, entry) {
    entry.key = key;
    const old = this.map.get(key);
    if (old !== undefined) {
      this.listed -= old.moves ? old.moves.length : 0;
      this.map.delete(key);
    }
    this.map.set(key, entry);
    this.trim();
    return entry;
  }
  listedMoves(entry, moves) {
    entry.moves = moves;
    if (this.map.get(entry.key) !== entry) return;  // out already: not held
    this.listed += moves.length;
    this.trim();
  }
  trim() {
    while (this.map.size > this.size || (this.listed > 1e6 && this.map.size > 1)) {
      const [key, entry] = this.map.entries().next().value;
      this.listed -= entry.moves ? entry.moves.length : 0;
      this.map.delete(key);
    }
  }
}

// The move list of a walk entry, asked once.
async function movesOf(gen, cache, entry) {
  if (entry.moves === undefined) {
    const moves = Array.from(await gen.legalMoves(entry.pos));
    if (cache) cache.listedMoves(entry, moves);
    else entry.moves = moves;
  }
  return entry.moves;
}

async function position(gen, words, cache) {
  const cut = words.indexOf('moves');
  const root = cut < 0 ? words : words.slice(0, cut);
  const moves = cut < 0 ? [] : words.slice(cut + 1);
  if (root.length === 0) throw new Error('position needs a text or start');
  const rootKey = root.join(' ');
  const keyOf = (n) => rootKey + '\n' + moves.slice(0, n).join(' ');
  let done = moves.length;
  let entry = cache ? cache.get(keyOf(done)) : undefined;
  while (entry === undefined && cache && done > 0) entry = cache.get(keyOf(--done));
  if (entry === undefined) {
    done = 0;
    const pos = root.length === 1 && root[0] === 'start' ? await gen.start()
                                                         : await gen.parse(rootKey);
    entry = cache ? cache.add(keyOf(0), {pos}) : {pos};
  }
  for (let i = done; i < moves.length; ++i) {
    if (!(await movesOf(gen, cache, entry)).includes(moves[i]))
      throw new Error(`move ${i + 1} '${moves[i]}' is illegal`);
    const pos = await gen.play(entry.pos, moves[i]);
    entry = cache ? cache.add(keyOf(i + 1), {pos}) : {pos};
  }
  return entry;
}

function depthOf(words, least) {
  if (words.length !== 1 || !/^[0-9]+$/.test(words[0]) || Number(words[0]) < least)
    throw new Error(`expected one depth of at least ${least}`);
  return Number(words[0]);
}

async function divideLines(gen, pos, depth, moves) {
  const lines = [];
  let total = 0n;
  for (const m of moves) {
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
    state.at = undefined;
    if (state.cache) state.cache.clear();  // another game: other positions
    await gen.newGame(args[0]);
    state.at = {pos: await gen.start()};
    return 'ok';
  }
  if (verb === 'position') {
    state.at = await position(gen, args, state.cache);
    return 'ok';
  }
  if (state.at === undefined) throw new Error('no game yet (send game <spec> first)');
  if (verb === 'divide') {
    const depth = depthOf(args, 1);
    const moves = await movesOf(gen, state.cache, state.at);
    const {lines, total} = await divideLines(gen, state.at.pos, depth, moves);
    return [...lines, `total ${total}`].join('\n');
  }
  if (verb === 'perft') return `total ${await perft(gen, state.at.pos, depthOf(args, 0))}`;
  if (verb === 'moves') return ['moves', ...(await movesOf(gen, state.cache, state.at))].join(' ');
  if (verb === 'text') {
    const text = await gen.format(state.at.pos);
    return text == null ? 'err unsupported' : `text ${text}`;
  }
  throw new Error(`unknown request '${verb}'`);
}

async function serve(gen, args = process.argv.slice(2), options = {}) {
  const size = options.cache === undefined ? 4096 : options.cache;
  if (!Number.isSafeInteger(size) || size < 0)
    throw new Error(`serve: cache must be a count of positions (0: none), not ${size}`);
  if (args.length === 3) {  // perftree form: depth, position, moves
    await gen.newGame(process.env.PERFT_GAME || '');
    const at = await position(gen, [...args[1].split(/\s+/), 'moves',
                                    ...args[2].split(/\s+/).filter((w) => w)]);
    const {lines, total} =
        await divideLines(gen, at.pos, Number(args[0]), await movesOf(gen, undefined, at));
    process.stdout.write([...lines, '', `${total}`].join('\n') + '\n');
    return 0;
  }
  const state = {at: undefined, cache: size > 0 ? new PositionCache(size) : undefined};
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

module.exports = {serve, perft, walk, Unsupported};
