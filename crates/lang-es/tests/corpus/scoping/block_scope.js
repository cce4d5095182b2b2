// let and const are block scoped; var is function scoped.
{
  let a = 1;
  const b = 2;
  var c = 3;
}
console.log(typeof a, typeof b, c);
if (true) {
  let inner = "in";
  var leaked = "out";
}
console.log(typeof inner, leaked);
for (var i = 0; i < 2; i++) {}
for (let j = 0; j < 2; j++) {}
console.log(i, typeof j);
