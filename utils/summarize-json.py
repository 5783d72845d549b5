#!/usr/bin/env python3
"""Prints the accesses and totals of a `smem-lint --format=json` report (shared
memory, then global memory), one line each, so lit tests can check JSON fields
with FileCheck:

  access tile load L22:34 width=4 shape=0 wavefronts=32 mean=32 ideal=1 ways=32 status=exact
  totals transposeCoalesced shape=0 load=128/4 store=32/4 atomic=0/0
  gaccess odata store L22:5 width=4 shape=0 requested=128 sectors=4 ideal=4 lines=1 mean=4 stride=4 status=exact
  gtotals transposeCoalesced shape=0 requested=8192 transferred=8192 ratio=1 load=4096/4096 store=4096/4096 atomic=0/0
  gstaged tile idata L14 -> odata L22 store_sectors=4 direct_store_sectors=32 transferred=8192 direct_transferred=36864

With --launches, each analysed shape's launch values follow its kernel line:

  launch strided shape=0 block=64x1x1 grid=16x1x1 dynamic=512 params=width=2

Usage: smem-lint --format=json FILE | summarize-json.py [--launches]
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
        if "--launches" in sys.argv[1:]:
            for index, d in enumerate(kernel["block_dims"]):
                grid = d.get("grid")
                params = ",".join("%s=%s" % item for item in
                                  sorted(d.get("parameter_values", {}).items()))
                print("launch %s shape=%d block=%dx%dx%d grid=%s dynamic=%s params=%s" % (
                    kernel["name"], index, d["x"], d["y"], d["z"],
                    "%dx%dx%d" % (grid["x"], grid["y"], grid["z"]) if grid else "-",
                    d.get("dynamic_shared_bytes", "-"), params or "-"))
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
        for access in kernel.get("global_accesses", []):
            line = ("gaccess %s %s L%d:%d width=%d shape=%d requested=%d sectors=%d "
                    "ideal=%d lines=%d mean=%s stride=%s status=%s" % (
                        access["array"], access["kind"], access["line"],
                        access["column"], access["width_bytes"],
                        access["block_dim_index"], access["requested_bytes"],
                        access["sectors"], access["ideal_sectors"], access["lines"],
                        number(access["sectors_mean"]), access["lane_stride"] or "-",
                        access["status"]))
            if access["depends_on"]:
                line += " depends_on=" + ",".join(access["depends_on"])
            if access["reason"]:
                line += " reason=" + access["reason"]
            print(line)
        for totals in kernel.get("global_totals", []):
            traffic = " ".join("%s=%d/%d" % (kind, totals[kind]["requested_bytes"],
                                             totals[kind]["transferred_bytes"])
                               for kind in ("load", "store", "atomic"))
            print("gtotals %s shape=%d requested=%d transferred=%d ratio=%s %s%s%s" % (
                kernel["name"], totals["block_dim_index"], totals["requested_bytes"],
                totals["transferred_bytes"], number(totals["transferred_per_requested"]),
                traffic,
                " unknown=%d" % totals["unknown_accesses"] if totals["unknown_accesses"] else "",
                " sampled" if totals["sampled"] else ""))
            for staged in totals["staged_copies"]:
                print("gstaged %s %s L%d -> %s L%d store_sectors=%s direct_store_sectors=%s "
                      "transferred=%d direct_transferred=%d" % (
                          staged["tile"], staged["load_array"], staged["load"]["line"],
                          staged["store_array"], staged["store"]["line"],
                          number(staged["store_sectors_per_request"]),
                          number(staged["direct_store_sectors_per_request"]),
                          staged["transferred_bytes"], staged["direct_transferred_bytes"]))
    for diagnostic in report["diagnostics"]:
        print("diagnostic %s %s L%d:%d %s" % (
            diagnostic["check"], diagnostic["severity"], diagnostic["line"],
            diagnostic["column"], diagnostic["message"]))
        for fix in diagnostic["fixits"] + [f for n in diagnostic["notes"] for f in n["fixits"]]:
            print("fixit L%d:%d length=%d replacement=%s" % (
                fix["line"], fix["column"], fix["length"], fix["replacement"]))


if __name__ == "__main__":
    main()
