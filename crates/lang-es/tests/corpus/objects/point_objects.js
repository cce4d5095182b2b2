// Factory functions returning objects with methods.
function makePoint(x, y) {
  return {
    x, y,
    dist() { return Math.sqrt(this.x * this.x + this.y * this.y); },
    add(p) { return makePoint(this.x + p.x, this.y + p.y); },
  };
}
const p = makePoint(3, 4);
const q = p.add(makePoint(1, -1));
console.log(p.dist(), q.x, q.y, q.dist());
console.log({ x: q.x, y: q.y });
