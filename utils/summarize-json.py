#!/usr/bin/env python3
"""Prints the accesses and totals of a `smem-lint --format=json` report, one
line each, so lit tests can check JSON fields with FileCheck:

  access tile load L22:34 width=4 shape=0 wavefronts=32 mean=32 ideal=1 ways=32 status=exact
  totals transposeCoalesced shape=0 load=128/4 store=32/4 atomic=0/0

Usage: smem-lint --format=json FILE | summarize-json.py
"""
import json
import sys


def number(value):
    return ("%.3f" % value).rstrip("0").rstrip(".") if isinstance(value, float) else str(value)


def main():
    report = json.load(sys.stdin)
    print("mode=%s arch=%s" % (report["mode"], report["arch"]))
    for kernel in report["kernels"]:
        dims = " ".join("%dx%dx%d(%s)" % (d["x"], d["y"], d["z"], d["source"])
                        for d in kernel["block_dims"])
        print("kernel %s L%d block_dims=%s" % (kernel["name"], kernel["line"], dims))
        for access in kernel["accesses"]:
            line = ("access %s %s L%d:%d width=%d shape=%d wavefronts=%d mean=%s "
                    "ideal=%d ways=%d status=%s" % (
                        access["array"], access["kind"], access["line"],
                        access["column"], access["width_bytes"],
                        access["block_dim_index"], access["wavefronts"],
                        number(access["wavefronts_mean"]),
                        access["ideal_wavefronts"], access["ways"],
                        access["status"]))
            if access["depends_on"]:
                line += " depends_on=" + ",".join(access["depends_on"])
            if access["reason"]:
                line += " reason=" + access["reason"]
            print(line)
        for totals in kernel["shared_totals"]:
            print("totals %s shape=%d load=%d/%d store=%d/%d atomic=%d/%d%s" % (
                kernel["name"], totals["block_dim_index"],
                totals["load"]["wavefronts"], totals["load"]["instructions"],
                totals["store"]["wavefronts"], totals["store"]["instructions"],
                totals["atomic"]["wavefronts"], totals["atomic"]["instructions"],
                " sampled" if totals["sampled"] else ""))
    for diagnostic in report["diagnostics"]:
        print("diagnostic %s %s L%d:%d %s" % (
            diagnostic["check"], diagnostic["severity"], diagnostic["line"],
            diagnostic["column"], diagnostic["message"]))
        for fix in diagnostic["fixits"] + [f for n in diagnostic["notes"] for f in n["fixits"]]:
            print("fixit L%d:%d length=%d replacement=%s" % (
                fix["line"], fix["column"], fix["length"], fix["replacement"]))


if __name__ == "__main__":
    main()
