//! The global allocator: mimalloc. Headless games allocate many short-lived lists; mimalloc
//! serves them faster than the system's allocator. A block whose alignment is at most a word's
//! is asked for plainly (every mimalloc block is aligned to a word at least); only a larger
//! alignment takes mimalloc's aligned path, which looks for a fitting block first.

use libmimalloc_sys as mi;
use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

/// The alignment every mimalloc block has.
const WORD: usize = std::mem::size_of::<usize>();

/// mimalloc as the global allocator.
pub struct Mimalloc;

/// Whether a plain mimalloc block fits `layout`: its alignment is a word's or less.
#[inline(always)]
fn plain_fits(layout: Layout) -> bool {
    layout.align() <= WORD
}

/// A block of `layout`'s size from `plain` where a plain block fits it ([`plain_fits`]), else
/// from `aligned` (mimalloc's `…_aligned` twin, given the alignment).
#[inline(always)]
unsafe fn block(
    layout: Layout,
    plain: unsafe extern "C" fn(usize) -> *mut c_void,
    aligned: unsafe extern "C" fn(usize, usize) -> *mut c_void,
) -> *mut u8 {
    let p = match plain_fits(layout) {
        true => unsafe { plain(layout.size()) },
        false => unsafe { aligned(layout.size(), layout.align()) },
    };
    p.cast()
}

// SAFETY: each method hands the layout's size and alignment to mimalloc, which returns null or
// a block of that size at least, aligned to `WORD` at least (so a plain block fits an alignment
// of `WORD` or less), and frees any block it returned.
unsafe impl GlobalAlloc for Mimalloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        unsafe { block(layout, mi::mi_malloc, mi::mi_malloc_aligned) }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        unsafe { block(layout, mi::mi_zalloc, mi::mi_zalloc_aligned) }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _: Layout) {
        unsafe { mi::mi_free(ptr.cast::<c_void>()) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = ptr.cast::<c_void>();
        let q = match plain_fits(layout) {
            true => unsafe { mi::mi_realloc(p, new_size) },
            false => unsafe { mi::mi_realloc_aligned(p, new_size, layout.align()) },
        };
        q.cast()
    }
}
