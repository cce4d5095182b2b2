// A tiny event emitter class storing listeners in an object of arrays.
class Emitter {
  constructor() { this.handlers = {}; }
  on(name, fn) {
    if (!(name in this.handlers)) this.handlers[name] = [];
    this.handlers[name].push(fn);
    return this;
  }
  emit(name, ...args) {
    const hs = this.handlers[name];
    if (hs === undefined) return 0;
    for (const h of hs) h(...args);
    return hs.length;
  }
}
const e = new Emitter();
const log = [];
e.on("add", (a, b) => log.push(a + b)).on("add", (a, b) => log.push(a * b)).on("msg", m => log.push("msg:" + m));
console.log(e.emit("add", 3, 4), e.emit("msg", "hi"), e.emit("none"));
console.log(log);
