// Example plug-in for arbiter_adapter.js: a move generator that asks
// `perft serve` for the moves and the positions. Replace it with your own
// engine's calls. Usage: node example_serve_backed.js PERFT [DEPTH POSITION MOVES]
// For the tests, in the environment: ARB_ADAPTER_HOOKS=1 adds the fast-path
// hooks (countMoves, perft: `perft serve`'s own count), ARB_ADAPTER_CACHE=N
// sets serve's cache (0: none), ARB_ADAPTER_CALLS=FILE writes the calls into
// the generator as JSON at exit.
'use strict';
const fs = require('node:fs');
const {spawn} = require('node:child_process');
const readline = require('node:readline');
const {serve} = require('./arbiter_adapter');

const child = spawn(process.argv[2], ['serve', 'emergo'], {stdio: ['pipe', 'pipe', 'inherit']});
const waiting = [];
readline.createInterface({input: child.stdout}).on('line', (line) => waiting.shift()(line));

function ask(request) {
  return new Promise((resolve, reject) => {
    waiting.push((reply) => reply.startsWith('err ') ? reject(new Error(reply.slice(4)))
                                                      : resolve(reply));
    child.stdin.write(request + '\n');
  });
}

// Positions are their texts.
const generator = {
  async newGame(spec) { await ask(`game ${spec}`); },
  async start() {
    await ask('position start');
    return (await ask('text')).slice(5);
  },
  async parse(text) {
    await ask(`position ${text}`);
    return (await ask('text')).slice(5);
  },
  async legalMoves(pos) {
    await ask(`position ${pos}`);
    return (await ask('moves')).split(' ').slice(1);
  },
  async play(pos, move) {
    await ask(`position ${pos} moves ${move}`);
    return (await ask('text')).slice(5);
  },
  format(pos) { return pos; },
};

// The fast path: an engine that counts by itself answers at once.
async function servePerft(pos, depth) {
  await ask(`position ${pos}`);
  return BigInt((await ask(`perft ${depth}`)).slice(6));
}
if (process.env.ARB_ADAPTER_HOOKS === '1') {
  generator.countMoves = async (pos) => Number(await servePerft(pos, 1));
  generator.perft = servePerft;
}

const calls = {};
for (const name of ['legalMoves', 'play', 'countMoves', 'perft']) {
  const method = generator[name];
  if (method === undefined) continue;
  generator[name] = (...args) => {
    calls[name] = (calls[name] || 0) + 1;
    return method.apply(generator, args);
  };
}
if (process.env.ARB_ADAPTER_CALLS)
  process.on('exit', () => fs.writeFileSync(process.env.ARB_ADAPTER_CALLS, JSON.stringify(calls)));

const options = process.env.ARB_ADAPTER_CACHE ? {cache: Number(process.env.ARB_ADAPTER_CACHE)} : {};
serve(generator, process.argv.slice(3), options).then((code) => {
  child.stdin.end();
  process.exitCode = code;
});
