// Towers of Hanoi with disk objects in linked piles, like the AWFY Towers benchmark.
class TowersDisk {
  constructor(size) {
    this.size = size;
    this.next = null;
  }
}

class Towers {
  constructor() {
    this.piles = null;
    this.movesDone = 0;
  }

  run(disks) {
    this.piles = new Array(3).fill(null);
    this.buildTowerAt(0, disks);
    this.movesDone = 0;
    this.moveDisks(disks, 0, 1);
    return this.movesDone;
  }

  pushDisk(disk, pile) {
    const top = this.piles[pile];
    if (top !== null && disk.size >= top.size) {
      throw new Error("Cannot put a big disk on a smaller one");
    }
    disk.next = top;
    this.piles[pile] = disk;
  }

  popDiskFrom(pile) {
    const top = this.piles[pile];
    if (top === null) {
      throw new Error("Attempting to remove a disk from an empty pile");
    }
    this.piles[pile] = top.next;
    top.next = null;
    return top;
  }

  moveTopDisk(fromPile, toPile) {
    this.pushDisk(this.popDiskFrom(fromPile), toPile);
    this.movesDone += 1;
  }

  buildTowerAt(pile, disks) {
    for (let i = disks; i >= 0; i -= 1) {
      this.pushDisk(new TowersDisk(i), pile);
    }
  }

  moveDisks(disks, fromPile, toPile) {
    if (disks === 1) {
      this.moveTopDisk(fromPile, toPile);
    } else {
      const otherPile = (3 - fromPile) - toPile;
      this.moveDisks(disks - 1, fromPile, otherPile);
      this.moveTopDisk(fromPile, toPile);
      this.moveDisks(disks - 1, otherPile, toPile);
    }
  }

  pileSizes() {
    return this.piles.map(top => {
      let n = 0;
      for (let d = top; d !== null; d = d.next) n++;
      return n;
    });
  }
}

const t = new Towers();
for (let d = 1; d <= 13; d += 3) {
  console.log(d, "disks:", t.run(d), "moves, piles", t.pileSizes());
}
console.log("benchmark result", t.run(13), t.run(13) === 8191);
try {
  t.pushDisk(new TowersDisk(100), 1);
} catch (e) {
  console.log("error:", e.message);
}
try {
  t.popDiskFrom(2);
} catch (e) {
  console.log("error:", e.message);
}
