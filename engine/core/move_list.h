// Fixed-capacity list: move generation never allocates on the heap.
#pragma once

#include <array>
#include <cassert>
#include <cstddef>

namespace qipan {

template <typename T, std::size_t Capacity>
class FixedList {
 public:
  void push(T value) {
    assert(size_ < Capacity);
    items_[size_++] = value;
  }
  void clear() { size_ = 0; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T& operator[](std::size_t i) { return items_[i]; }
  const T& operator[](std::size_t i) const { return items_[i]; }
  T* begin() { return items_.data(); }
  T* end() { return items_.data() + size_; }
  const T* begin() const { return items_.data(); }
  const T* end() const { return items_.data() + size_; }
  void truncate(std::size_t n) { size_ = n; }
  bool contains(const T& value) const {
    for (std::size_t i = 0; i < size_; ++i)
      if (items_[i] == value) return true;
    return false;
  }

 private:
  std::array<T, Capacity> items_{};
  std::size_t size_ = 0;
};

}  // namespace qipan
