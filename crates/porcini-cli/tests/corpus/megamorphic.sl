// Property sites that see more shapes than their inline caches hold go generic and use the
// engine's megamorphic cache. Twelve shapes put `x` at slots 0 to 11 (past the inline slots
// from 8 on); one site reads them, one overwrites them, one adds `y` to fresh objects, and one
// reads a missing property after all that.

function getx(o) { return o.x; }
function setx(o, v) { o.x = v; }
function sety(o, v) { o.y = v; }

function make(k) {
  o = new();
  i = 0;
  while (i < k) {
    o["p" + i] = i;
    i = i + 1;
  }
  o.x = k;
  return o;
}

function main() {
  objs = new();
  k = 0;
  while (k < 12) {
    objs[k] = make(k);
    k = k + 1;
  }
  sum = 0;
  round = 0;
  while (round < 3000) {
    k = 0;
    while (k < 12) {
      o = objs[k];
      sum = sum + getx(o);
      setx(o, getx(o) + 1);
      fresh = make(k);
      sety(fresh, round);
      sum = sum + fresh.y - round;
      k = k + 1;
    }
    round = round + 1;
  }
  println(sum);
  k = 0;
  while (k < 12) {
    println(getx(objs[k]));
    k = k + 1;
  }
  println(getx(objs[11]) + objs[11].p10);
  return getx(new());
}
