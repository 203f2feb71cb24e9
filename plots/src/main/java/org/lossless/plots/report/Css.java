package org.lossless.plots.report;

/** The report's style sheet, inlined in the page: readable on screen and on paper, no web fonts. */
final class Css {
    static final String TEXT = """
            body { font-family: "DejaVu Sans", "Segoe UI", Helvetica, Arial, sans-serif; color: #1a1a1a;
                   margin: 0 auto; max-width: 1240px; padding: 0 24px 48px; line-height: 1.45; background: #fff; }
            header { border-bottom: 3px solid #0072b2; margin-bottom: 12px; }
            h1 { font-size: 1.7em; margin: 20px 0 4px; }
            h2 { font-size: 1.35em; border-bottom: 1px solid #ccc; padding-bottom: 3px; margin-top: 36px; }
            h3 { font-size: 1.1em; margin: 18px 0 6px; }
            .sub { color: #555; margin: 0 0 10px; }
            nav { background: #f4f6f8; border: 1px solid #dde; padding: 8px 16px; margin: 10px 0; }
            nav ol { margin: 4px 0; padding-left: 22px; columns: 2; }
            table { border-collapse: collapse; margin: 8px 0; font-size: 0.93em; }
            th, td { border: 1px solid #d5d5d5; padding: 3px 9px; text-align: left; vertical-align: top; }
            th { background: #eef1f4; }
            td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
            tr:nth-child(even) td { background: #fafafa; }
            td.worse { background: #fbd9d3 !important; font-weight: bold; }
            td.better { background: #d6efdd !important; font-weight: bold; }
            td.changed { background: #fff3c4 !important; }
            tr.cost td { font-size: 0.8em; color: #666; }
            .grid { display: flex; flex-wrap: wrap; gap: 8px 28px; align-items: flex-start; }
            .grid table { min-width: 280px; }
            .warnings { list-style: none; padding: 0; }
            .warnings li { border-left: 6px solid #f09a1a; background: #fff6e8; padding: 6px 12px; margin: 6px 0; }
            .warnings li.severe { border-left-color: #d52a1e; background: #fdecea; }
            .ok { border-left: 6px solid #009e73; background: #e9f7f1; padding: 6px 12px; }
            figure.chart { margin: 18px 0 26px; }
            figure.chart svg { width: 100%; height: auto; display: block; border: 1px solid #e2e2e2; }
            figure.chart svg image { image-rendering: pixelated; }
            figcaption { font-size: 0.9em; color: #333; margin-top: 4px; }
            figcaption .png { color: #777; }
            .omitted { border: 1px dashed #aaa; color: #555; padding: 8px 12px; margin: 12px 0; background: #fafafa; }
            .pair { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; }
            .pair > div > h3 { margin-top: 6px; }
            pre.yaml { background: #f7f7f7; border: 1px solid #ddd; padding: 10px; overflow-x: auto; font-size: 0.85em; }
            footer { margin-top: 40px; color: #666; font-size: 0.85em; border-top: 1px solid #ddd; padding-top: 8px; }
            nav.compact { padding: 4px 12px; }
            nav.compact ol { columns: 1; display: inline; padding-left: 8px; }
            nav.compact li { display: inline; margin-right: 14px; }
            #answer figure.chart svg { max-width: 980px; }
            #answer .warnings li { padding: 4px 12px; margin: 4px 0; }
            div.scroll { overflow-x: auto; }
            table.points th code { word-break: break-all; }
            p.best { border-left: 6px solid #0072b2; background: #e8f1f8; padding: 8px 12px; font-size: 1.08em; }
            p.note { color: #444; font-size: 0.9em; }
            table.points th code { font-size: 0.8em; color: #555; font-weight: normal; }
            tr.best td { background: #e8f1f8 !important; font-weight: bold; }
            tr.cut td { background: #f3f3f3 !important; color: #555; font-style: italic; }
            td.mark { white-space: nowrap; }
            p.status { font-size: 1.12em; font-weight: bold; padding: 8px 12px; margin: 8px 0; border-left: 6px solid; }
            p.status.ok { border-color: #009e73; background: #e9f7f1; }
            p.status.check { border-color: #f09a1a; background: #fff6e8; }
            p.status.bad { border-color: #d52a1e; background: #fdecea; }
            table.verdict td, table.verdict th { padding: 3px 10px; }
            #verdict h3 { font-size: 1em; margin: 14px 0 4px; }
            main.run figure.chart svg { max-width: 1000px; }
            main.run section h2 { margin-top: 28px; }
            details.more, details.yaml { margin: 10px 0; }
            details.more > summary, details.yaml > summary { cursor: pointer; color: #0b5394; padding: 4px 0; }
            table.cost td { font-size: 0.8em; color: #666; }
            @media print { nav { display: none; } figure.chart { break-inside: avoid; } }
            """;

    private Css() {
    }
}
