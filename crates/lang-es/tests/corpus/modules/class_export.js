// A module exporting a class with an attached subclass.
const Shape = require("./_class_export");
const { Square } = Shape;
console.log(new Shape("blob").describe(), new Square(3).describe());
console.log(new Square(2) instanceof Shape, Shape.name, Square.name);
console.log(new Square(5));
