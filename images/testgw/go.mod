module github.com/perf-gate/perf-gate/images/testgw

go 1.22
