//! A line chart with a logarithmic y axis, written as SVG text: enough for the figures in `docs/`
//! without a plotting library (the chart is a few dozen lines of markup).

use std::fmt::Write;

/// One line of the chart: its name (in the legend) and its points `(x, y)`, `y > 0`.
pub struct Series {
    /// The legend's label.
    pub name: String,
    /// The points, in order of `x`.
    pub points: Vec<(f64, f64)>,
}

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 400.0;
const LEFT: f64 = 70.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 50.0;
const COLOURS: [&str; 4] = ["#1b6ca8", "#d1495b", "#2e933c", "#8f5ea2"];

/// The chart as an SVG document: `title` on top, `x_label` and `y_label` on the axes, the y axis
/// in powers of ten from the decade below the smallest `y` to the decade above the largest.
pub fn log_chart(title: &str, x_label: &str, y_label: &str, series: &[Series]) -> String {
    let points = || series.iter().flat_map(|s| s.points.iter().copied());
    let (x_min, x_max) =
        points().fold((f64::MAX, f64::MIN), |(lo, hi), (x, _)| (lo.min(x), hi.max(x)));
    let (y_min, y_max) =
        points().fold((f64::MAX, f64::MIN), |(lo, hi), (_, y)| (lo.min(y), hi.max(y)));
    let (decade_lo, decade_hi) =
        (y_min.log10().floor(), y_max.log10().ceil().max(y_min.log10().floor() + 1.0));
    let x_span = (x_max - x_min).max(1.0);
    let px = |x: f64| LEFT + (x - x_min) / x_span * (WIDTH - LEFT - RIGHT);
    let py =
        |y: f64| TOP + (decade_hi - y.log10()) / (decade_hi - decade_lo) * (HEIGHT - TOP - BOTTOM);

    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="22" text-anchor="middle" font-size="14">{title}</text>"#,
        WIDTH / 2.0
    );
    // Horizontal grid lines and labels, one per power of ten.
    let mut decade = decade_lo;
    while decade <= decade_hi {
        let y = py(10_f64.powf(decade));
        let _ = writeln!(
            svg,
            r##"<line x1="{LEFT}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#ddd"/><text x="{:.1}" y="{:.1}" text-anchor="end">1e{decade}</text>"##,
            WIDTH - RIGHT,
            LEFT - 6.0,
            y + 4.0
        );
        decade += 1.0;
    }
    // One tick per integer x.
    let mut x = x_min.ceil();
    while x <= x_max {
        let _ = writeln!(
            svg,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{x}</text>"#,
            px(x),
            HEIGHT - BOTTOM + 16.0
        );
        x += 1.0;
    }
    let _ = writeln!(
        svg,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{x_label}</text>"#,
        (LEFT + WIDTH - RIGHT) / 2.0,
        HEIGHT - 12.0
    );
    let _ = writeln!(
        svg,
        r#"<text transform="translate(16 {:.1}) rotate(-90)" text-anchor="middle">{y_label}</text>"#,
        (TOP + HEIGHT - BOTTOM) / 2.0
    );
    for (index, line) in (0_u32..).zip(series) {
        let colour = COLOURS[index as usize % COLOURS.len()];
        let path: Vec<String> =
            line.points.iter().map(|&(x, y)| format!("{:.1},{:.1}", px(x), py(y))).collect();
        let _ = writeln!(
            svg,
            r#"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="2"/>"#,
            path.join(" ")
        );
        for &(x, y) in &line.points {
            let _ = writeln!(
                svg,
                r#"<circle cx="{:.1}" cy="{:.1}" r="3" fill="{colour}"/>"#,
                px(x),
                py(y)
            );
        }
        let legend_y = TOP + 16.0 * f64::from(index);
        let _ = writeln!(
            svg,
            r#"<rect x="{:.1}" y="{:.1}" width="12" height="3" fill="{colour}"/><text x="{:.1}" y="{:.1}">{}</text>"#,
            LEFT + 10.0,
            legend_y - 4.0,
            LEFT + 28.0,
            legend_y,
            line.name
        );
    }
    svg.push_str("</svg>\n");
    svg
}
