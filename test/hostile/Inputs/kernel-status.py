#!/usr/bin/env python3
"""Prints, per kernel of a `smem-lint --format=json` report, whether its
evaluation reached the budget, what it did not evaluate, and each shared
access's status, one line each, for FileCheck:

  kernel huge budget_exceeded=true accesses=1
  not_evaluated huge: call depth limit reached in 'f' at line 4
  access huge s store L9 status=sampled
"""
import json
import sys

report = json.load(sys.stdin)
for kernel in report["kernels"]:
    print("kernel %s budget_exceeded=%s accesses=%d" % (
        kernel["name"], "true" if kernel["budget_exceeded"] else "false",
        len(kernel["accesses"])))
    for item in kernel["not_evaluated"]:
        print("not_evaluated %s: %s" % (kernel["name"], item))
    for access in kernel["accesses"]:
        print("access %s %s %s L%d status=%s" % (
            kernel["name"], access["array"], access["kind"], access["line"],
            access["status"]))
