// Case-insensitive lookup by normalizing keys.
const dict = {};
function put(k, v) { dict[k.toLowerCase()] = v; }
function get(k) { const v = dict[k.toLowerCase()]; return v === undefined ? "?" : v; }
put("Apple", 1);
put("BANANA", 2);
put("apple", 3);
console.log(get("APPLE"), get("banana"), get("cherry"));
console.log(dict);
