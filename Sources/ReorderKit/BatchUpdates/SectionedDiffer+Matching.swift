/// Pairing the items of both sides by identifier.
///
/// Every old item is hashed once, into an open-addressing table (which also
/// finds duplicates among them). A new item is first compared with the old
/// item that follows the last one paired (or the first item of its section's
/// old version): in data where most items keep their neighbours, that guess
/// is right and the item is paired with one `==` and no hash. Only a wrong
/// guess hashes the new item and looks it up. Duplicates are still found:
/// a new item paired by a guess equals an old item that no other new item can
/// pair with (the guess checks it is free, and a look-up that finds it taken
/// throws), and all old items are in the table.
extension SectionedDiffer {
  /// Pairs the items by identifier, with hashes of the width of `Hash` (see ``IdentifierTable``).
  @inlinable func matchItems<Hash: FixedWidthInteger & SignedInteger>(
    _ hashWidth: Hash.Type
  ) throws(SectionedDiffError) {
    let (oldCount, newCount) = (oldSectionOfFlat.count, newSectionOfFlat.count)
    // The old items in one array: the guesses below read them at random (one section's own array).
    var oldItems: [ItemID] = old.count == 1 ? old[0].items : []
    if old.count > 1 {
      oldItems.reserveCapacity(oldCount)
      for section in old { oldItems.append(contentsOf: section.items) }
    }
    func oldItem(_ o: Int) -> ItemID { oldItems[o] }
    // Room for the old items and the new items that are likely new: those of inserted sections, and a few more.
    var likelyNew = 16
    for s in new.indices where oldSectionOfNew[s] < 0 { likelyNew += newStart[s + 1] - newStart[s] }
    var table = IdentifierTable(expectedCount: oldCount + Swift.min(newCount, likelyNew))
    for (o, id) in oldItems.enumerated() {
      let hash = table.tag(of: id, Hash.self)
      var bucket = table.firstBucket(hash)
      while let ref = table.ref(at: bucket) {
        if table.tag(at: bucket) == hash && oldItem(ref) == id { throw .duplicateItem(id, inNew: false) }
        bucket = table.next(bucket)
      }
      table.insert(o, tag: hash, at: bucket)
    }
    var guess = -1  // the old flat index expected for the next new item
    for s in new.indices {
      let base = newStart[s]
      let os = oldSectionOfNew[s]
      if os >= 0 { guess = oldStart[os] }
      let items = new[s].items
      for (i, id) in items.enumerated() {
        let f = base + i
        if guess >= 0 && guess < oldCount && newOfOld[guess] < 0 && oldItem(guess) == id {
          newOfOld[guess] = f
          oldOfNew[f] = guess
          guess += 1
          continue
        }
        if guess >= 0 && guess + 1 < oldCount && newOfOld[guess + 1] < 0 && oldItem(guess + 1) == id {
          newOfOld[guess + 1] = f
          oldOfNew[f] = guess + 1
          guess += 2
          continue
        }
        // The old item before the guess's predecessor: runs that come in reverse order.
        if guess >= 2 && newOfOld[guess - 2] < 0 && oldItem(guess - 2) == id {
          newOfOld[guess - 2] = f
          oldOfNew[f] = guess - 2
          guess -= 1
          continue
        }
        let hash = table.tag(of: id, Hash.self)
        var bucket = table.firstBucket(hash)
        var found = -1
        while let ref = table.ref(at: bucket) {
          if table.tag(at: bucket) == hash {
            if ref >= oldCount {
              if newItem(ref - oldCount) == id { throw .duplicateItem(id, inNew: true) }
            } else if oldItem(ref) == id {
              found = ref
              break
            }
          }
          bucket = table.next(bucket)
        }
        if found >= 0 {
          guard newOfOld[found] < 0 else { throw .duplicateItem(id, inNew: true) }
          newOfOld[found] = f
          oldOfNew[f] = found
          guess = found + 1
        } else {
          table.insert(oldCount + f, tag: hash, at: bucket)
          if table.isCrowded { table.grow() }
        }
      }
    }
  }

  /// The identifier of a new item, by flat index.
  @inlinable func newItem(_ f: Int) -> ItemID {
    let s = newSectionOfFlat[f]
    return new[s].items[f - newStart[s]]
  }
}

/// An open-addressing hash table (linear probing) of item references, for
/// ``SectionedDiffer``. Slot `b` holds the reference plus one (0: empty) in
/// the first half of `storage` and the upper 32 bits of the identifier's hash
/// (its tag) in the second half; only the first half is zeroed. The bucket is
/// taken from the tag's upper bits, so growing needs no identifier.
///
/// A tag is taken from a hash of the width of `Hasher.finalize()`'s result,
/// `Int`: 64 or 32 bits by platform. The differ passes `Int`; tests pass
/// `Int32` to drive, on a 64-bit machine, what a 32-bit platform (watchOS
/// arm64_32, wasm32) runs. (The width is a parameter of the methods, not of
/// the type: a generic type costs a metadata instantiation at run time.)
@usableFromInline
struct IdentifierTable {
  @usableFromInline var storage: [UInt32]
  @usableFromInline var capacity: Int  // a power of two
  @usableFromInline var shift: UInt32  // bucket = tag >> shift
  @usableFromInline var count = 0

  @inlinable init(expectedCount: Int) {
    var bits: UInt32 = 4
    while 2 * (1 << bits) < 3 * expectedCount && bits < 31 { bits += 1 }
    capacity = 1 << bits
    shift = 32 - bits
    storage = Self.makeStorage(capacity)
  }

  /// References zeroed, tags left as they come (a tag is read only where a reference is).
  @inlinable static func makeStorage(_ capacity: Int) -> [UInt32] {
    [UInt32](unsafeUninitializedCapacity: 2 * capacity) { buffer, initialized in
      buffer.baseAddress!.initialize(repeating: 0, count: capacity)
      // UInt32 is trivial: the tag half needs no initialization before it is written.
      initialized = 2 * capacity
    }
  }

  /// A seeded hasher, copied for each identifier (cheaper than seeding one each time).
  @usableFromInline let hasher = Hasher()

  /// The upper 32 bits of the identifier's hash, the hash cut to the width of `Hash`.
  @inlinable func tag<Hash: FixedWidthInteger & SignedInteger>(of id: some Hashable, _: Hash.Type) -> UInt32 {
    var hasher = hasher
    hasher.combine(id)
    return Self.tag(ofHash: Hash(truncatingIfNeeded: hasher.finalize()))
  }

  /// The upper 32 bits of a hash: of a 64-bit hash its upper half, of a 32-bit one all of it
  /// (the bits above the 32 kept are dropped, so the sign extension of a right shift does not matter).
  @inlinable static func tag<Hash: FixedWidthInteger & SignedInteger>(ofHash hash: Hash) -> UInt32 {
    UInt32(truncatingIfNeeded: hash >> (Hash.bitWidth - 32))
  }

  @inlinable func firstBucket(_ tag: UInt32) -> Int { Int(truncatingIfNeeded: tag >> shift) }
  @inlinable func next(_ bucket: Int) -> Int { (bucket + 1) & (capacity - 1) }

  /// The reference in a bucket, or nil when it is empty.
  @inlinable func ref(at bucket: Int) -> Int? {
    let slot = storage[bucket]
    return slot == 0 ? nil : Int(truncatingIfNeeded: slot) - 1
  }
  @inlinable func tag(at bucket: Int) -> UInt32 { storage[capacity + bucket] }

  @inlinable mutating func insert(_ ref: Int, tag: UInt32, at bucket: Int) {
    // Compared as `UInt`: 0xFFFF_FFFF as an `Int` literal does not compile where `Int` has 32 bits.
    precondition(UInt(bitPattern: ref) < UInt(UInt32.max), "too many items for the sectioned diff: \(ref)")
    storage[bucket] = UInt32(truncatingIfNeeded: ref + 1)
    storage[capacity + bucket] = tag
    count += 1
  }

  /// More than two thirds full.
  @inlinable var isCrowded: Bool { 3 * count > 2 * capacity }

  @inlinable mutating func grow() {
    let old = storage
    let oldCapacity = capacity
    capacity *= 2
    shift -= 1
    storage = Self.makeStorage(capacity)
    for b in 0..<oldCapacity where old[b] != 0 {
      let tag = old[oldCapacity + b]
      var bucket = firstBucket(tag)
      while storage[bucket] != 0 { bucket = next(bucket) }
      storage[bucket] = old[b]
      storage[capacity + bucket] = tag
    }
  }
}
