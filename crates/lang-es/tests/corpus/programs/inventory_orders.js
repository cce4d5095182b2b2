// An order processing system with products, stock, discounts and an error report.
class OutOfStock extends Error {
  constructor(sku, wanted, have) {
    super(`${sku}: wanted ${wanted}, only ${have} left`);
    this.name = "OutOfStock";
  }
}
class UnknownProduct extends Error {
  constructor(sku) { super("unknown product " + sku); this.name = "UnknownProduct"; }
}

class Product {
  constructor(sku, name, cents, stock) { this.sku = sku; this.name = name; this.cents = cents; this.stock = stock; }
}

class Store {
  constructor() { this.products = {}; this.revenue = 0; this.errors = []; }
  add(p) { this.products[p.sku] = p; }
  find(sku) {
    const p = this.products[sku];
    if (p === undefined) throw new UnknownProduct(sku);
    return p;
  }
  priceOrder(lines, coupon) {
    let total = 0;
    for (const [sku, qty] of lines) {
      const p = this.find(sku);
      if (p.stock < qty) throw new OutOfStock(sku, qty, p.stock);
      total += p.cents * qty;
    }
    if (coupon === "TENOFF" && total >= 5000) total -= 1000;
    else if (coupon === "HALF") total = Math.round(total / 2);
    return total;
  }
  place(id, lines, coupon) {
    try {
      const total = this.priceOrder(lines, coupon);
      for (const [sku, qty] of lines) this.products[sku].stock -= qty;
      this.revenue += total;
      return `order ${id}: ${(total / 100).toFixed(2)}`;
    } catch (e) {
      this.errors.push(id + " " + e.name);
      return `order ${id} rejected (${e.message})`;
    }
  }
}

const s = new Store();
s.add(new Product("P1", "pen", 199, 100));
s.add(new Product("P2", "notebook", 1250, 10));
s.add(new Product("P3", "backpack", 4999, 2));
const orders = [
  [1, [["P1", 10], ["P2", 2]], undefined],
  [2, [["P3", 1], ["P1", 1]], "TENOFF"],
  [3, [["P3", 5]], undefined],
  [4, [["P9", 1]], undefined],
  [5, [["P2", 8], ["P1", 89]], "HALF"],
  [6, [["P1", 1]], "HALF"],
  [7, [["P3", 1]], "TENOFF"],
];
for (const [id, lines, coupon] of orders) console.log(s.place(id, lines, coupon));
console.log("revenue", (s.revenue / 100).toFixed(2));
console.log("errors", s.errors);
for (const sku of Object.keys(s.products)) {
  const p = s.products[sku];
  console.log(sku, p.name.padEnd(9), String(p.stock).padStart(3));
}
