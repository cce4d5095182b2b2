// Objects with toString are converted by +, templates and String().
const money = { amount: 5, toString() { return "$" + this.amount; } };
console.log("cost: " + money, `${money}`, String(money));
console.log([money, money].join(" & "));
class Point {
  constructor(x, y) { this.x = x; this.y = y; }
  toString() { return `(${this.x}, ${this.y})`; }
}
const pts = [new Point(1, 2), new Point(3, 4)];
console.log("pts: " + pts);
console.log(String(pts[0]).length);
