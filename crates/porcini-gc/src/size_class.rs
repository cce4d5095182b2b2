//! Size classes: the cell sizes small objects are rounded up to.
//!
//! Every small block holds cells of one size, so a free cell of a class fits any object of that
//! class and fragmentation stays bounded by the rounding. The classes step by 16 bytes up to 128,
//! then by about an eighth of the size (which bounds the rounding waste at 12.5%), up to 4 KiB;
//! larger objects get a chunk of their own. All classes are multiples of the 16-byte granule, so
//! every cell starts on a granule boundary.

use crate::block::GRANULE;

/// The cell size of each class, ascending.
pub(crate) const CLASS_SIZES: [usize; 28] = [
    16, 32, 48, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384, 448, 512, 640, 768, 896, 1024,
    1280, 1536, 1792, 2048, 2560, 3072, 3584, 4096,
];

/// The number of size classes.
pub(crate) const NUM_CLASSES: usize = CLASS_SIZES.len();

/// The largest box size that goes into a small block.
pub(crate) const MAX_SMALL_SIZE: usize = CLASS_SIZES[NUM_CLASSES - 1];

/// The strictest alignment a small cell guarantees: every cell starts on a granule boundary.
pub(crate) const MAX_SMALL_ALIGN: usize = GRANULE;

/// The size class for a box of `size` bytes aligned to `align`, or `None` if it must be allocated
/// as a large object. Evaluated at compile time for each allocated type.
pub(crate) const fn class_for(size: usize, align: usize) -> Option<usize> {
    if size > MAX_SMALL_SIZE || align > MAX_SMALL_ALIGN {
        return None;
    }
    let mut class = 0;
    while class < NUM_CLASSES {
        if CLASS_SIZES[class] >= size {
            return Some(class);
        }
        class += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_are_granule_multiples_and_ascending() {
        for pair in CLASS_SIZES.windows(2) {
            assert!(pair[0] < pair[1]);
        }
        for size in CLASS_SIZES {
            assert_eq!(size % GRANULE, 0);
        }
    }

    #[test]
    fn class_lookup_rounds_up() {
        assert_eq!(class_for(8, 8), Some(0));
        assert_eq!(class_for(16, 8), Some(0));
        assert_eq!(class_for(17, 8), Some(1));
        assert_eq!(class_for(129, 8).map(|c| CLASS_SIZES[c]), Some(160));
        assert_eq!(class_for(4096, 8).map(|c| CLASS_SIZES[c]), Some(4096));
        assert_eq!(class_for(4097, 8), None);
        assert_eq!(class_for(64, 32), None);
    }
}
