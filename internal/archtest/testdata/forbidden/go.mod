module beaweb

go 1.26
