// Example plug-in for arbiter_adapter.js: a move generator that asks
// `perft serve` for the moves and the positions. Replace it with your own
// engine's calls. Usage: node example_serve_backed.js PERFT [DEPTH POSITION MOVES]
'use strict';
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

serve(generator, process.argv.slice(3)).then((code) => {
  child.stdin.end();
  process.exitCode = code;
});
