// An inventory kept in an object keyed by item name.
const inv = {};
function add(name, n) { inv[name] = (name in inv ? inv[name] : 0) + n; }
function remove(name, n) {
  if (!(name in inv) || inv[name] < n) return false;
  inv[name] -= n;
  return true;
}
add("apple", 5); add("pear", 2); add("apple", 3);
console.log(remove("apple", 4), remove("pear", 5), remove("plum", 1));
console.log(inv);
