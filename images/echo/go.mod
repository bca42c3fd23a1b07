module github.com/perf-gate/perf-gate/images/echo

go 1.22
