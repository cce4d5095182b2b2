// Instance fields are initialized before the constructor body runs.
class Box {
  width = 10;
  height = this.width * 2;
  items = [];
  label;
  constructor(label) {
    console.log("in constructor, width =", this.width, "height =", this.height);
    this.label = label;
  }
}
const b = new Box("first");
console.log(b);
const c = new Box("second");
c.items.push(1);
console.log(b.items, c.items, b.items === c.items);
