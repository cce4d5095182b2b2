// Automatic semicolon insertion in common places.
let a = 1
let b = 2
console.log(a + b)
function f() {
  return
  42
}
console.log(f())
let c = a
+ b
console.log(c)
let i = 0
i++
console.log(i)
