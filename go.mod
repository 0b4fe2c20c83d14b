module felt

go 1.26.8
