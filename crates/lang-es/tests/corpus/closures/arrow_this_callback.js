// Arrow callbacks inside methods use the method's this; function callbacks do not.
class Collector {
  constructor() { this.items = []; this.prefix = "#"; }
  addAll(list) {
    list.forEach(x => this.items.push(this.prefix + x));
    return this.items.length;
  }
  names(list) { return list.map(function (x) { return typeof this; }); }
}
const c = new Collector();
console.log(c.addAll([1, 2, 3]), c.items);
console.log(c.names([1]));
