// Instances whose class has accessors print only their own data properties.
class P {
  constructor() { this.a = 1; }
  get b() { return 2; }
  set c(v) {}
  static get s() { return "static getter"; }
}
const p = new P();
console.log(p, p.b, p.c, P.s);
