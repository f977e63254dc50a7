//! The PNG picture: the SVG picture ([`svg`](crate::svg)) rasterised with `resvg`, at a scale
//! of the SVG's own size (its `width` and `height`, one unit a pixel at scale 1).

use crate::{Picture, RenderError, SvgOptions, svg};
use resvg::{tiny_skia, usvg};

/// Largest side of a PNG picture, in pixels: a 52×52 board at scale 4 is about 7,000; more is
/// a mistake, not a picture.
pub const PNG_MAX_SIDE: u32 = 16_384;

/// Options for [`png`].
#[derive(Debug, Clone, PartialEq)]
pub struct PngOptions {
    /// The SVG picture to rasterise.
    pub svg: SvgOptions,
    /// Pixels per SVG unit: 1 gives the SVG's own size (about 20 pixels per line of the
    /// board), 2 twice that. Must be positive and finite.
    pub scale: f32,
    /// Load the system's fonts for the coordinates, legend and caption. Without them text is
    /// not drawn (the board still is); loading them costs some milliseconds per picture.
    pub system_fonts: bool,
}

impl Default for PngOptions {
    fn default() -> PngOptions {
        PngOptions {
            svg: SvgOptions::default(),
            scale: 1.0,
            system_fonts: true,
        }
    }
}

/// The picture as PNG bytes: [`svg`](crate::svg) drawn by `resvg`.
///
/// # Errors
/// Those of [`svg`](crate::svg); [`RenderError::Raster`] when the scale is not positive, the
/// picture would be larger than [`PNG_MAX_SIDE`], or the rasteriser fails.
pub fn png(picture: &Picture, opts: &PngOptions) -> Result<Vec<u8>, RenderError> {
    let text = svg(picture, &opts.svg)?;
    svg_to_png(&text, opts.scale, opts.system_fonts)
}

/// An SVG text (our pictures, or any other) as PNG bytes, at `scale` pixels per SVG unit.
///
/// # Errors
/// [`RenderError::Raster`] when the text is no SVG, the scale is not positive and finite, the
/// picture would be larger than [`PNG_MAX_SIDE`] on a side, or encoding fails.
pub fn svg_to_png(text: &str, scale: f32, system_fonts: bool) -> Result<Vec<u8>, RenderError> {
    let raster = |why: String| RenderError::Raster(why);
    if !(scale.is_finite() && scale > 0.0) {
        return Err(raster(format!(
            "the scale {scale} is not a positive number"
        )));
    }
    let mut options = usvg::Options::default();
    if system_fonts {
        options.fontdb_mut().load_system_fonts();
    }
    let tree = usvg::Tree::from_str(text, &options).map_err(|e| raster(e.to_string()))?;
    let size = tree.size().to_int_size();
    let (w, h) = (
        (size.width() as f32 * scale).ceil(),
        (size.height() as f32 * scale).ceil(),
    );
    if w > PNG_MAX_SIDE as f32 || h > PNG_MAX_SIDE as f32 {
        return Err(raster(format!(
            "a {w}×{h} picture is larger than {PNG_MAX_SIDE} pixels on a side"
        )));
    }
    let mut pixmap = tiny_skia::Pixmap::new(w as u32, h as u32)
        .ok_or_else(|| raster(format!("no {w}×{h} picture can be made")))?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().map_err(|e| raster(e.to_string()))
}
