// Hashed and threaded perft: the same counts as perft() in
// perft.h, faster on deep trees through a transposition table and all cores.
//
// Exactness: the table is keyed by (position, remaining depth) and every entry
// keeps the whole position, compared with == on a probe. The hash only picks
// the bucket, so a hash collision costs a miss, never a wrong count. Perft
// has no history (RULES.md P3: no E12 repetition in perft), so the count
// below a position depends on the position and the depth only. A game with
// symmetries (g.canonical, common/game.h) keys the table by the canonical
// member of a position's class: mirror images share one exact entry.
//
// Threads: the tree is expanded from the roots, breadth first, until there
// are enough distinct positions (with their multiplicities) to share out;
// workers take them one by one and search below them with the shared table.
// Every count is exact, so the totals do not depend on the thread count.
#pragma once

#include <algorithm>
#include <atomic>
#include <cassert>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include <sys/mman.h>

#include "common/count.h"
#include "common/error.h"
#include "common/game.h"
#include "common/hash.h"
#include "perft/count/perft.h"

namespace arb {

struct HashOptions {
  std::size_t megabytes = 0;  // the table's size; 0: no table
  int threads = 1;
  std::uint64_t seed = 0;  // mixed into the bucket index: another seed, another layout
  // The table is probed only this many plies or more above the leaves; below,
  // the plain walk (a probe near the leaves costs more than the walk it saves).
  int probe_depth = 2;
  // megabytes already fits the tree (the default policy, perft/count/policy.h): no
  // walk to size the table (table_bytes).
  bool sized = false;
  // One thread and no table, but the upper plies merged as with threads
  // (equal positions and images of one position counted once, times their
  // multiplicity): the default's walk of a small tree (perft/count/policy.h).
  bool merge_top = false;
};

// Where a long run is, for the progress line.
struct PerftProgress {
  std::uint64_t done = 0, total = 0;  // work items
  Count nodes = 0;                    // the nodes below the finished items
  double seconds = 0;
};
using ProgressFn = std::function<void(const PerftProgress&)>;

// A table of perft counts keyed by (position, depth), at most `bytes` big.
// Buckets of two entries: the first keeps the deeper count, the second takes
// whatever comes. Each bucket is guarded by a spin lock (one of 2^16 shared by
// stripe), as entries are bigger than an atomic word.
template <class Position>
class PerftTable {
 public:
  static constexpr int kMinDepth = 2;  // depth 1 is a count_moves: cheaper than a probe

  // The memory is mapped, not written: a page is committed when a store
  // first touches it, so a large --hash costs nothing before counting.
  // Zero bytes are an empty entry (depth 0).
  PerftTable(std::size_t bytes, std::uint64_t seed, int probe_depth = kMinDepth)
      : seed_(mix64(seed)), probe_depth_(std::max(probe_depth, kMinDepth)) {
    static_assert(
        std::is_trivially_copyable_v<Position> && std::is_trivially_destructible_v<Position>,
        "the table's entries live in mapped zero pages");
    std::size_t n = 1;
    while (2 * n * sizeof(Bucket) <= bytes) n *= 2;
    if (n * sizeof(Bucket) > bytes) throw Error("--hash is too small for one table bucket");
    void* p = mmap(nullptr, n * sizeof(Bucket), PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED)
      throw Error("--hash: cannot map " + std::to_string((n * sizeof(Bucket)) >> 20) +
                  " MB of memory");
    buckets_ = static_cast<Bucket*>(p);
    size_ = n;
    mask_ = n - 1;
  }
  ~PerftTable() { munmap(buckets_, size_ * sizeof(Bucket)); }
  PerftTable(const PerftTable&) = delete;
  PerftTable& operator=(const PerftTable&) = delete;
  std::size_t bytes() const { return size_ * sizeof(Bucket); }
  // The least remaining depth probed and stored (HashOptions::probe_depth).
  int probe_depth() const { return probe_depth_; }
  static constexpr std::size_t bucket_bytes() { return sizeof(Bucket); }
  // The bytes of the smallest table with a bucket (two entries) per position.
  static std::size_t bytes_for(Count positions) {
    std::size_t n = 1;
    while (n < positions && n < (std::size_t{1} << 50)) n *= 2;
    return n * sizeof(Bucket);
  }

  // Brings a bucket towards the cache before its probe: in a table of
  // gigabytes nearly every probe is a cache miss, a quarter of the run time
  // at Emergo D7 before the children's buckets were fetched ahead.
  void prefetch(std::uint64_t hash, int depth) const {
    const char* p = reinterpret_cast<const char*>(&bucket(hash, depth));
    for (std::size_t offset = 0; offset < sizeof(Bucket); offset += 64)
      __builtin_prefetch(p + offset);
  }

  bool probe(const Position& pos, std::uint64_t hash, int depth, Count& nodes) {
    Bucket& b = bucket(hash, depth);
    Lock lock(lock_of(b));
    for (const Entry& e : b.entries)
      if (e.depth == depth && e.pos == pos) {
        nodes = e.nodes;
        return true;
      }
    return false;
  }

  void store(const Position& pos, std::uint64_t hash, int depth, Count nodes) {
    Bucket& b = bucket(hash, depth);
    Lock lock(lock_of(b));
    Entry& slot = depth >= b.entries[0].depth ? b.entries[0] : b.entries[1];
    slot.pos = pos;
    slot.nodes = nodes;
    slot.depth = static_cast<std::uint8_t>(depth);
  }

 private:
  struct Entry {  // the depth beside the position: it fits in the padding before nodes
    Position pos{};
    std::uint8_t depth = 0;  // 0: empty (depth 0 and 1 are never stored)
    Count nodes = 0;
  };
  struct Bucket {
    Entry entries[2];
  };

  static constexpr std::size_t kLocks = std::size_t{1} << 16;

  class Lock {
   public:
    explicit Lock(std::atomic<bool>& flag) : flag_(flag) {
      while (flag_.exchange(true, std::memory_order_acquire))
        while (flag_.load(std::memory_order_relaxed)) {}
    }
    ~Lock() { flag_.store(false, std::memory_order_release); }
    Lock(const Lock&) = delete;
    Lock& operator=(const Lock&) = delete;

   private:
    std::atomic<bool>& flag_;
  };

  std::size_t index(std::uint64_t hash, int depth) const {
    return mix64(hash ^ seed_ ^ (static_cast<std::uint64_t>(depth) << 56)) & mask_;
  }
  Bucket& bucket(std::uint64_t hash, int depth) { return buckets_[index(hash, depth)]; }
  const Bucket& bucket(std::uint64_t hash, int depth) const { return buckets_[index(hash, depth)]; }
  std::atomic<bool>& lock_of(const Bucket& b) {
    return locks_[static_cast<std::size_t>(&b - buckets_) & (kLocks - 1)];
  }

  std::uint64_t seed_;
  int probe_depth_;
  Bucket* buckets_ = nullptr;
  std::size_t size_ = 0, mask_ = 0;
  std::unique_ptr<std::atomic<bool>[]> locks_ = std::make_unique<std::atomic<bool>[]>(kLocks);
};

namespace detail {

// table_perft below a position whose hash is known.
template <HashedGame G>
Count table_perft(const G& g, const typename G::Position& pos, std::uint64_t hash, int depth,
                  PerftTable<typename G::Position>& table) {
  using Position = typename G::Position;
  Count total = 0;
  if (table.probe(pos, hash, depth, total)) return total;
  if (depth == 2) {
    total = detail::perft2(g, pos);
  } else if (check_count_stop(); depth - 1 < table.probe_depth()) {
    // The children are below the probed depths: walked plainly.
    for (const auto& move : g.legal_moves(pos)) {
      const auto child = g.play(pos, move);
      assert(position_ok(g, child));
      total = checked_add(total, perft_walk(g, child, depth - 1));
    }
  } else {
    // Children in batches: all of a batch are played and hashed and their
    // buckets prefetched before the first is probed, so the probes' cache
    // misses overlap instead of following one another.
    constexpr std::size_t kBatch = 16;
    Position children[kBatch];
    std::uint64_t hashes[kBatch];
    const auto moves = g.legal_moves(pos);
    for (auto it = moves.begin(), end = moves.end(); it != end;) {
      std::size_t n = 0;
      for (; n < kBatch && it != end; ++n, ++it) {
        children[n] = table_key(g, g.play(pos, *it));
        assert(position_ok(g, children[n]));
        hashes[n] = g.hash(children[n]);
        table.prefetch(hashes[n], depth - 1);
      }
      for (std::size_t i = 0; i < n; ++i)
        total = checked_add(total, table_perft(g, children[i], hashes[i], depth - 1, table));
    }
  }
  table.store(pos, hash, depth, total);
  return total;
}

}  // namespace detail

// perft() with the table: the same count.
template <HashedGame G>
Count table_perft(const G& g, const typename G::Position& pos, int depth,
                  PerftTable<typename G::Position>& table) {
  if (depth < table.probe_depth()) return perft_walk(g, pos, depth);
  const auto key = table_key(g, pos);
  return detail::table_perft(g, key, g.hash(key), depth, table);
}

namespace detail {

// One piece of work: a position `depth` plies above the leaves, standing for
// `weight` move sequences from root number `root`.
template <class Position>
struct PerftItem {
  std::size_t root = 0;
  Position pos;
  Count weight = 1;
};

// Hash of (root, position) for the expansion's duplicates.
template <class G>
struct ItemKeyHash {
  const G* g;
  std::size_t operator()(const std::pair<std::size_t, typename G::Position>& k) const {
    return static_cast<std::size_t>(hash_combine(g->hash(k.second), k.first));
  }
};

// One ply deeper: every child of every item; equal (root, position) pairs
// merged with their weights added where the game can hash, and with
// `by_symmetry` also the members of one symmetry class (table_key). A class
// keeps the first member met, not its canonical image: an image is another
// orientation of the board, which the engines count at another speed
// (Emergo midgames: 3.6% slower on the images of ply 2, measured).
template <Game G>
std::vector<PerftItem<typename G::Position>> expand(
    const G& g, const std::vector<PerftItem<typename G::Position>>& items,
    bool by_symmetry = false) {
  using Position = typename G::Position;
  std::vector<PerftItem<Position>> out;
  if constexpr (HashedGame<G>) {
    std::unordered_map<std::pair<std::size_t, Position>, std::size_t, ItemKeyHash<G>> index(
        items.size() * 8, ItemKeyHash<G>{&g});
    for (const auto& item : items)
      for (const auto& move : g.legal_moves(item.pos)) {
        auto child = g.play(item.pos, move);
        assert(position_ok(g, child));
        auto [it, fresh] =
            index.try_emplace({item.root, by_symmetry ? table_key(g, child) : child}, out.size());
        if (fresh)
          out.push_back({item.root, std::move(child), item.weight});
        else
          out[it->second].weight = checked_add(out[it->second].weight, item.weight);
      }
  } else {
    for (const auto& item : items)
      for (const auto& move : g.legal_moves(item.pos)) {
        auto child = g.play(item.pos, move);
        assert(position_ok(g, child));
        out.push_back({item.root, std::move(child), item.weight});
      }
  }
  return out;
}

// perft(depth), or some count >= cap once it reaches cap: the walk stops there.
template <Game G>
Count perft_up_to(const G& g, const typename G::Position& pos, int depth, Count cap) {
  if (depth <= 1) return depth <= 0 ? 1 : g.count_moves(pos);
  Count total = 0;
  for (const auto& move : g.legal_moves(pos)) {
    total += perft_up_to(g, g.play(pos, move), depth - 1, cap - total);
    if (total >= cap) break;
  }
  return total;
}

// The table's size: `requested`, or less where the tree is smaller. Entries
// are stored probe_depth (2 or more) plies above the leaves, so the tree never
// stores more than perft(0) + ... + perft(depth - probe_depth) of its roots: counted plainly
// up to the positions the requested table holds (a walk of at most that many
// leaves), and the table sized to the sum. A table far bigger than the tree
// only spreads its stores over more pages to commit.
template <HashedGame G>
std::size_t table_bytes(const G& g, const std::vector<typename G::Position>& roots, int depth,
                        std::size_t requested, int probe_depth = 2) {
  using Table = PerftTable<typename G::Position>;
  const Count room = requested / Table::bucket_bytes();  // a bucket per position
  Count positions = 0;
  for (int k = 0; k <= depth - std::max(probe_depth, Table::kMinDepth); ++k)
    for (const auto& root : roots) {
      positions += perft_up_to(g, root, k, room - positions);
      if (positions >= room) return requested;
    }
  return std::min(requested, std::max<std::size_t>(Table::bytes_for(positions), 1 << 20));
}

}  // namespace detail

// A root's count is complete: (root index, perft below it).
using RootDoneFn = std::function<void(std::size_t, Count)>;

// perft(depth) below each of `roots`, with the table (when the game can hash
// and options.megabytes > 0) and options.threads workers. `progress`, when
// set, is called about once a second from a watcher thread; `root_done`, when
// set, once per root as soon as its count is complete (perft units writes it
// then), one call at a time; what it throws ends the count.
template <Game G>
std::vector<Count> perft_many(const G& g, const std::vector<typename G::Position>& roots, int depth,
                              const HashOptions& options, const ProgressFn& progress = {},
                              const RootDoneFn& root_done = {}) {
  using Position = typename G::Position;
  const int threads = std::max(1, options.threads);
  std::vector<Count> counts(roots.size(), 0);
  std::unique_ptr<PerftTable<Position>> table;
  if constexpr (HashedGame<G> && !HasCountSubtree<G>)  // the shortcut needs no table
    if (options.megabytes > 0)
      table = std::make_unique<PerftTable<Position>>(
          options.sized
              ? options.megabytes << 20
              : detail::table_bytes(g, roots, depth, options.megabytes << 20, options.probe_depth),
          options.seed, options.probe_depth);

  // Expand while there is too little to share out (or to show progress by);
  // stop two plies above the leaves, where an item is cheap anyway.
  std::vector<detail::PerftItem<Position>> items;
  for (std::size_t i = 0; i < roots.size(); ++i) items.push_back({i, roots[i], 1});
  int left = depth;
  const std::size_t wanted = 64 * static_cast<std::size_t>(threads);
  while (left > 3 && items.size() < wanted) {
    items = detail::expand(g, items, true);
    --left;
  }

  const auto count_below = [&](const Position& pos) -> Count {
    if constexpr (HashedGame<G> && !HasCountSubtree<G>)  // the shortcut beats the table
      if (table) return table_perft(g, pos, left, *table);
    return perft(g, pos, left);
  };

  std::atomic<std::size_t> next{0};
  std::mutex mutex;  // guards counts, pending, state, error
  PerftProgress state;
  state.total = items.size();
  std::exception_ptr error;
  std::vector<std::size_t> pending;  // items left per root, for root_done
  if (root_done) {
    pending.assign(roots.size(), 0);
    for (const auto& item : items) ++pending[item.root];
    for (std::size_t i = 0; i < roots.size(); ++i)
      if (pending[i] == 0) root_done(i, 0);  // no position left below it: perft 0
  }
  const auto t0 = std::chrono::steady_clock::now();
  const auto worker = [&] {
    for (std::size_t i; (i = next.fetch_add(1)) < items.size();) {
      try {
        const Count n = checked_mul(count_below(items[i].pos), items[i].weight);
        const std::lock_guard lock(mutex);
        counts[items[i].root] = checked_add(counts[items[i].root], n);
        state.nodes = checked_add(state.nodes, n);
        ++state.done;
        if (root_done && --pending[items[i].root] == 0)
          root_done(items[i].root, counts[items[i].root]);
      } catch (...) {
        const std::lock_guard lock(mutex);
        if (!error) error = std::current_exception();
        next = items.size();
      }
    }
  };

  std::atomic<bool> finished{false};
  std::thread watcher;
  if (progress)
    watcher = std::thread([&] {
      auto tick = t0;
      while (!finished.load()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        const auto now = std::chrono::steady_clock::now();
        if (now - tick < std::chrono::seconds(1)) continue;
        tick = now;
        PerftProgress copy;
        {
          const std::lock_guard lock(mutex);
          copy = state;
        }
        copy.seconds = std::chrono::duration<double>(now - t0).count();
        progress(copy);
      }
    });
  {
    std::vector<std::jthread> pool;
    // No more workers than items: the rest would have nothing to take.
    const int workers = static_cast<int>(std::min<std::size_t>(threads, items.size()));
    for (int t = 1; t < workers; ++t) pool.emplace_back(worker);
    worker();
  }
  finished = true;
  if (watcher.joinable()) watcher.join();
  if (error) std::rethrow_exception(error);
  return counts;
}

}  // namespace arb
