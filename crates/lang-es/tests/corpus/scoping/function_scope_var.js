// var inside nested blocks of a function belongs to the whole function.
function f(flag) {
  if (flag) {
    var msg = "set in if";
  }
  {
    {
      var deep = "deep";
    }
  }
  return [msg, deep];
}
console.log(f(true), f(false));
