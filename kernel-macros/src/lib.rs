//! The kernel macros (being written).
use proc_macro::TokenStream;

/// Placeholder.
#[proc_macro_attribute]
pub fn elementwise(_attr: TokenStream, item: TokenStream) -> TokenStream {
    item
}
