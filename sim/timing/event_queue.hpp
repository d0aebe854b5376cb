// EventQueue: the CU group's scheduled returns, smallest key first -- a
// binary min-heap that, for distinct keys, gives the same elements in the
// same order as std::priority_queue (tests/sim/timing/event_queue_test.cpp),
// but whose way down a pop does not branch on the comparisons.
//
// Why: a memory-bound kernel keeps hundreds of returns in flight per group,
// and which child of a heap node is smaller is a coin toss: with
// std::priority_queue's sifts, 8-10 % of a timing run's mispredicted host
// branches were in the heap (saxpy, lds_matmul;
// docs/performance-history.md, session 14). Here
// a pop sifts the hole at the root down to a leaf, taking the smaller child
// by arithmetic (its key is one 128-bit number), and the last element up from
// there (Floyd's method: the way down has no data-dependent exit, and the way
// up is mostly no step at all, as the last element belongs near the leaves).
//
// T: a copyable type with `unsigned __int128 key() const`; equal keys leave in
// no particular order (the group's keys are (cycle, sequence number): unique).
#pragma once
#include <cstddef>
#include <vector>

namespace gcnsim::sim::timing {

template <class T>
class EventQueue {
 public:
  bool empty() const { return heap_.empty(); }
  size_t size() const { return heap_.size(); }
  const T& top() const { return heap_.front(); }

  void push(const T& x) {
    heap_.push_back(x);
    siftUp(heap_.size() - 1, x);
  }

  void pop() {
    const size_t n = heap_.size() - 1;  // the last element's index, and the size after the pop
    if (n == 0) {
      heap_.pop_back();
      return;
    }
    // Down from the root to a leaf, each time the smaller child (a select, not a branch).
    size_t hole = 0;
    for (size_t c = 1; c < n; c = 2 * hole + 1) {
      c += size_t(c + 1 < n) & size_t(heap_[c + (c + 1 < n)].key() < heap_[c].key());
      heap_[hole] = heap_[c];
      hole = c;
    }
    const T last = heap_[n];
    heap_.pop_back();
    siftUp(hole, last);  // (hole < n: the way down stays among the elements kept)
  }

 private:
  // Places x at `hole` or above it: its parents with larger keys move down.
  void siftUp(size_t hole, const T& x) {
    const auto k = x.key();
    while (hole > 0) {
      const size_t parent = (hole - 1) / 2;
      if (!(k < heap_[parent].key())) break;
      heap_[hole] = heap_[parent];
      hole = parent;
    }
    heap_[hole] = x;
  }

  std::vector<T> heap_;
};

}  // namespace gcnsim::sim::timing
