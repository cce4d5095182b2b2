// Getters and setters defined in a class.
class Temperature {
  constructor(c) { this._c = c; }
  get celsius() { return this._c; }
  set celsius(v) { this._c = v; }
  get fahrenheit() { return this._c * 9 / 5 + 32; }
  set fahrenheit(f) { this._c = (f - 32) * 5 / 9; }
}
const t = new Temperature(100);
console.log(t.celsius, t.fahrenheit);
t.fahrenheit = 32;
console.log(t.celsius, t.fahrenheit);
t.celsius = -40;
console.log(t.celsius, t.fahrenheit);
console.log(t);
