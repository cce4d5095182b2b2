// A temporal dead zone violation that is not caught ends the program.
console.log("start");
function useBeforeInit() {
  return value * 2;
}
console.log(typeof useBeforeInit);
console.log(useBeforeInit());
let value = 21;
console.log("never printed");
