package plain_test

import (
	"fmt"

	"felt/internal/plain"
)

func ExampleText() {
	fmt.Println(plain.Text("evil\x1b[2J ♠"))
	// Output: evil\x1b[2J ♠
}
